import type { InboxItem } from "../core/ask.ts";
import { ASK_WAIT_MS } from "../daemon/alerts.ts";
import { needText } from "../daemon/need-text.ts";
import type { Note } from "../daemon/notifier.ts";
import type { HostSnapshot } from "./snapshot.ts";

const episode = (item: InboxItem) => `${item.pane} ${item.state}`;

/**
 * Whether an item says what its state is about as the remote inbox will once its hook has spoken:
 * an Ask that fits the state and did not come from the screen alone (a dialog read on screen says
 * only "Do you want to proceed?"; the hook's payload, a moment behind, names the tool and command).
 */
function said(item: InboxItem): boolean {
  return item.ask !== null && item.ask.source !== "screen" && needText("", item.state, undefined, item.ask).said;
}

/**
 * Notifications for other machines' sessions: a remote session that comes to need the user
 * (blocked on a dialog, or waiting with its turn done) is told here as a local one is, its host in
 * its name ("far:build asks permission: Bash: make"). As locally (daemon/alerts.ts), an episode
 * whose Ask does not say it yet waits for the words (`wait` ms at most, from when it was first
 * seen), then goes with what the latest data says. What a host's first data holds was there before
 * this machine looked, and is not told; a snoozed one is not told; after a dropped link, what is
 * new since the last data is told.
 */
export class HostAlerts {
  /** Per host: the episodes told (or there before, or snoozed), among those still standing. */
  private readonly told = new Map<string, Set<string>>();
  /** Per host: when each untold episode was first seen. */
  private readonly firstSeen = new Map<string, Map<string, number>>();
  private readonly latest = new Map<string, HostSnapshot>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly notify: (note: Note) => Promise<void>,
    private readonly wait = ASK_WAIT_MS,
    private readonly now: () => number = Date.now,
  ) {}

  update(snapshot: HostSnapshot): void {
    if (!snapshot.reachable) { this.recheck(snapshot.name, Infinity); this.latest.delete(snapshot.name); return; }
    this.latest.set(snapshot.name, snapshot);
    const standing = new Set(snapshot.inbox.map(episode));
    const before = this.told.get(snapshot.name);
    if (!before) { this.told.set(snapshot.name, standing); return; }
    const told = new Set([...before].filter((e) => standing.has(e)));
    this.told.set(snapshot.name, told);
    const seen = this.firstSeen.get(snapshot.name) ?? new Map<string, number>();
    for (const e of [...seen.keys()]) if (!standing.has(e)) seen.delete(e);
    this.firstSeen.set(snapshot.name, seen);
    const now = this.now();
    let soonest = Infinity;
    for (const item of snapshot.inbox) {
      const e = episode(item);
      if (told.has(e)) continue;
      if (item.snoozed) { told.add(e); seen.delete(e); continue; }
      const first = seen.get(e) ?? now;
      seen.set(e, first);
      if (!said(item) && now - first < this.wait) { soonest = Math.min(soonest, first + this.wait - now); continue; }
      told.add(e);
      seen.delete(e);
      const name = `${snapshot.name}:${item.name}`;
      const { text, reason } = needText(name, item.state, undefined, item.ask);
      void this.notify({ text, pane: `${snapshot.name}:${item.pane}`, tokenHash: "", name, backend: item.backend, state: item.state, reason });
    }
    this.recheck(snapshot.name, soonest);
  }

  /** Look again at a host's latest data when an untold episode's wait ends (no new data may come). */
  private recheck(host: string, delay: number): void {
    clearTimeout(this.timers.get(host));
    this.timers.delete(host);
    if (!Number.isFinite(delay)) return;
    const timer = setTimeout(() => {
      this.timers.delete(host);
      const last = this.latest.get(host);
      if (last) this.update(last);
    }, Math.max(0, delay));
    timer.unref?.();
    this.timers.set(host, timer);
  }
}
