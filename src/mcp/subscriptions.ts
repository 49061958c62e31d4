import { subscribeDaemon, type InboxSubscription } from "../daemon/inbox-client.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { stateChanges, type States } from "./state-changes.ts";
import { parseResourceUri } from "./uris.ts";

const REJOIN_MS = 2000;

/**
 * The resources a client subscribed to, told when their session's state changes: from the
 * daemon's roster feed (op "feed", pushed on every change, daemon/feed.ts), one connection for
 * every subscription, opened at the first and closed with the last. When the daemon goes away the
 * feed is joined again; the first push after is a new baseline.
 */
export class Subscriptions {
  private readonly uris = new Set<string>();
  private states: States | null = null;
  private baseline: (() => void) | null = null;
  private feed: InboxSubscription | null = null;
  private joining: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly tmux: () => Tmux, private readonly updated: (uri: string) => void, private readonly log: (line: string) => void = () => undefined) {}

  /** Resolves once the feed's first push, the baseline later changes are told against, is in. */
  async add(uri: string): Promise<void> {
    this.uris.add(uri);
    await this.join();
  }

  remove(uri: string): void {
    this.uris.delete(uri);
    if (this.uris.size === 0) this.leave();
  }

  close(): void {
    this.closed = true;
    this.leave();
  }

  private join(): Promise<void> {
    if (this.feed || this.closed) return Promise.resolve();
    this.joining ??= new Promise<void>((resolve, reject) => {
      this.baseline = resolve;
      subscribeDaemon(this.tmux(), "feed", (message) => this.pushed(message), (why) => { resolve(); this.ended(why); }).then(
        (feed) => { this.feed = feed; if (this.closed || this.uris.size === 0) { this.leave(); resolve(); } },
        reject,
      );
    }).finally(() => { this.joining = null; });
    return this.joining;
  }

  private leave(): void {
    this.feed?.close();
    this.feed = null;
    this.states = null;
  }

  private ended(why: string): void {
    this.log(`the daemon's feed ended (${why}); joining it again`);
    this.feed = null;
    this.states = null;
    if (this.closed || this.uris.size === 0) return;
    setTimeout(() => void this.join().catch((error: unknown) => this.ended((error as Error).message)), REJOIN_MS).unref();
  }

  private pushed(message: Record<string, unknown>): void {
    if (message["ok"] !== true || !Array.isArray(message["sessions"])) return;
    const { next, changed } = stateChanges(this.states, message["sessions"] as Array<{ pane?: unknown; state?: unknown }>);
    this.states = next;
    this.baseline?.();
    this.baseline = null;
    for (const uri of this.uris) {
      const pane = parseResourceUri(uri)?.pane;
      if (pane !== undefined && changed.has(pane)) this.updated(uri);
    }
  }
}
