import type { InboxItem } from "../core/ask.ts";
import { sessionJson, type SessionRow } from "../session/json.ts";
import type { Logger } from "./log.ts";
import { Subscribers } from "./subscribers.ts";

/** The version of the feed's lines (and of `agentmux stream`): a host link refuses another one. */
export const FEED_PROTOCOL = 1;

/** One push of the feed: every session as `list --json` shows it, the inbox, and this machine's clock. */
export interface FeedLine { ok: true; protocol: number; now: number; sessions: SessionRow[]; inbox: InboxItem[] }

export interface FeedDeps {
  /** The sessions as `list` reads them from tmux (over the daemon's connection). */
  sessions: () => Promise<Parameters<typeof sessionJson>[0][]>;
  inbox: () => Promise<InboxItem[]>;
  log: Logger;
}

/**
 * The roster feed (op "feed"): what another machine's agentmux shows of this one's sessions,
 * pushed on every change the inbox follows (a state, an Ask, a snooze, a pane come or gone, a
 * rename seen by a reconcile), never polled. `agentmux stream` relays it over ssh (src/hosts/).
 */
export class Feed {
  private readonly subscribers: Subscribers;

  constructor(deps: FeedDeps) {
    this.subscribers = new Subscribers(async () => {
      const now = Date.now();
      const [sessions, inbox] = await Promise.all([deps.sessions(), deps.inbox()]);
      const line: FeedLine = { ok: true, protocol: FEED_PROTOCOL, now, sessions: sessions.map((s) => sessionJson(s, now)), inbox };
      // The clock and the ages move by themselves: a push only when something else changed (20 hosts' links each got one every reconcile).
      const same = JSON.stringify({ sessions: line.sessions.map(({ age: _age, stateAge: _stateAge, ...rest }) => rest), inbox });
      return { line: JSON.stringify(line), same };
    }, deps.log, "feed");
  }

  subscribe: Subscribers["subscribe"] = (socket) => this.subscribers.subscribe(socket);
  changed(): void { this.subscribers.changed(); }
  close(): void { this.subscribers.close(); }
}
