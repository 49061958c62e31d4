import { shownState } from "../core/state-machine.ts";
import type { Socket } from "node:net";
import type { Ask, InboxItem } from "../core/ask.ts";
import { KEY_OPTION } from "../session/keys.ts";
import { readSnooze, SNOOZE_OPTION } from "../session/snooze.ts";
import { buildFormat, parseRecords } from "../tmux/formats.ts";
import { sessionLabel } from "./labels.ts";
import type { Logger } from "./log.ts";
import { Subscribers } from "./subscribers.ts";
import type { Tracked } from "./tracked.ts";

const FIELDS = { pane: "pane_id", key: KEY_OPTION, snoozed: SNOOZE_OPTION } as const;
const FORMAT = buildFormat(FIELDS);

/** Pure: most urgent first: not snoozed before snoozed, blocked before waiting, then the longest waiting first (then by pane). */
export function orderInbox(items: InboxItem[]): InboxItem[] {
  const rank = (i: InboxItem) => (i.snoozed ? 2 : 0) + (i.state === "blocked" ? 0 : 1);
  const pane = (p: string) => Number(p.replace(/^%/u, "")) || 0;
  return [...items].sort((a, b) => rank(a) - rank(b) || a.since - b.since || pane(a.pane) - pane(b.pane));
}

export interface InboxDeps {
  tracked: () => Iterable<Tracked>;
  ask: (pane: string) => Ask | null;
  /** list-panes lines of a format (the daemon's control connection). */
  paneLines: (format: string) => Promise<string[]>;
  backendSuffix: () => boolean;
  /** Other machines' items, from their links (src/hosts/inbox.ts); none when no host is configured. */
  remote?: () => InboxItem[];
  /** This machine's items that are no session's (the chief's stateless nudges: src/chief/loop.ts). */
  extra?: () => InboxItem[];
  /** A session whose need is another part's business (the chief's heartbeat turns): not listed. */
  quiet?: (pane: string) => boolean;
  log: Logger;
}

/**
 * The inbox: every blocked or waiting session, most urgent first (src/core/ask.ts InboxItem), for
 * the `inbox` request and its subscribers. A subscriber's socket gets the list at once and again
 * whenever it changes (a state, an Ask, a key, a snooze), at most once per PUSH_COALESCE_MS.
 * Snoozes are pane options the CLI sets without telling the daemon: they are seen when the
 * daemon next reconciles (on pane changes, and every 3 s) or an `input` request comes, which call changed().
 */
export class Inbox {
  private readonly subscribers: Subscribers;
  private readonly listeners: Array<() => void> = [];

  constructor(private readonly deps: InboxDeps) {
    this.subscribers = new Subscribers(async () => JSON.stringify({ ok: true, inbox: await this.view() }), deps.log, "inbox");
  }

  /** What the inbox shows: this machine's items and the reachable hosts', most urgent first. */
  async view(): Promise<InboxItem[]> {
    const others = [...(this.deps.extra?.() ?? []), ...(this.deps.remote?.() ?? [])];
    const local = await this.items();
    return others.length === 0 ? local : orderInbox([...local, ...others]);
  }

  /** This machine's items (another machine's stream carries these: never its hosts' again). */
  async items(now = Date.now()): Promise<InboxItem[]> {
    const all = [...this.deps.tracked()];
    // Shown as it is shown everywhere: a session closing (its exit chain runs) needs the user only when blocked.
    const quiet = this.deps.quiet ?? (() => false);
    const needing = all.filter((t) => (shownState(t.machine) === "blocked" || shownState(t.machine) === "waiting") && !quiet(t.pane));
    if (needing.length === 0) return [];
    const options = new Map<string, { key: string; snoozed: string }>();
    for (const r of parseRecords(FIELDS, await this.deps.paneLines(FORMAT).catch(() => [] as string[]))) options.set(r.pane, r);
    const suffix = this.deps.backendSuffix();
    return orderInbox(needing.map((t) => ({
      pane: t.pane,
      name: sessionLabel(t, all, suffix),
      key: options.get(t.pane)?.key ?? "",
      backend: t.backend,
      account: t.record.account,
      state: shownState(t.machine) as InboxItem["state"],
      background: t.machine.background,
      since: t.machine.since,
      snoozed: readSnooze(options.get(t.pane)?.snoozed ?? "", now).snoozed,
      ask: this.deps.ask(t.pane),
    })));
  }

  /** Keep a connection: the list now, and again on every change until it closes. */
  subscribe(socket: Socket): Promise<void> {
    return this.subscribers.subscribe(socket);
  }

  get subscriberCount(): number {
    return this.subscribers.count;
  }

  /** Called on every change that may alter the list (the roster feed follows the same changes). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Something that may alter the list happened: push to the subscribers whose list changed (coalesced). */
  changed(): void {
    for (const listener of this.listeners) listener();
    this.subscribers.changed();
  }

  /** Only other machines' items changed: the subscribers look again, not this machine's followers (the feed carries local items only). */
  remoteChanged(): void {
    this.subscribers.changed();
  }

  close(): void {
    this.subscribers.close();
  }
}
