import type { InboxItem } from "../core/ask.ts";
import { needText } from "../daemon/need-text.ts";
import type { Note } from "../daemon/notifier.ts";
import type { HostSnapshot } from "./snapshot.ts";

const episode = (item: InboxItem) => `${item.pane} ${item.state}`;

/**
 * Notifications for other machines' sessions: a remote session that comes to need the user
 * (blocked on a dialog, or waiting with its turn done) is told here as a local one is, its host in
 * its name ("far:build asks permission: Bash: make"). What a host's first data holds was there
 * before this machine looked, and is not told; a snoozed one is not told; after a dropped link,
 * what is new since the last data is told.
 */
export class HostAlerts {
  private readonly seen = new Map<string, Set<string>>();

  constructor(private readonly notify: (note: Note) => Promise<void>) {}

  update(snapshot: HostSnapshot): void {
    if (!snapshot.reachable) return;
    const before = this.seen.get(snapshot.name);
    this.seen.set(snapshot.name, new Set(snapshot.inbox.map(episode)));
    if (!before) return;
    for (const item of snapshot.inbox) {
      if (before.has(episode(item)) || item.snoozed) continue;
      const name = `${snapshot.name}:${item.name}`;
      const { text, reason } = needText(name, item.state, undefined, item.ask);
      void this.notify({ text, pane: `${snapshot.name}:${item.pane}`, tokenHash: "", name, backend: item.backend, state: item.state, reason });
    }
  }
}
