import type { InboxItem } from "../core/ask.ts";
import type { HostSnapshot } from "./snapshot.ts";

/**
 * The inbox items of the reachable hosts, as this machine's inbox lists them: each one's pane is
 * HOST:PANE (how `list` shows it, and how every verb and `answer` address it), its name carries
 * the host, and `host` says whose it is. A host that is down shows none: what it asked may be
 * answered already, and nothing could be typed there.
 */
export function remoteInboxItems(snapshots: readonly HostSnapshot[]): InboxItem[] {
  return snapshots.filter((s) => s.reachable).flatMap((s) => s.inbox.map((item) => ({ ...item, pane: `${s.name}:${item.pane}`, name: `${s.name}:${item.name}`, host: s.name })));
}
