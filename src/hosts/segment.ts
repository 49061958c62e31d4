import type { MachineState } from "../core/state-machine.ts";
import type { HostSnapshot } from "./snapshot.ts";

/** What the status segment counts of other machines: their current sessions' states, and the hosts that are down. */
export interface HostCounts { machines: Array<Pick<MachineState, "state" | "background">>; down: string[] }

/**
 * Pure: the reachable hosts' sessions as the segment counts them (a snoozed one left out, as here),
 * and the names of the hosts whose link is down: their last data is not current, so it is not
 * counted, and the segment says they are down instead.
 */
export function hostCounts(snapshots: readonly HostSnapshot[]): HostCounts {
  const machines: HostCounts["machines"] = [];
  const down: string[] = [];
  for (const s of snapshots) {
    if (!s.reachable) {
      // Down once its link failed (not while the first one is still being made).
      if (s.error !== null) down.push(s.name);
      continue;
    }
    const snoozed = new Set(s.inbox.filter((i) => i.snoozed).map((i) => i.pane));
    for (const row of s.sessions) if (row.state && !snoozed.has(row.pane)) machines.push({ state: row.state, background: row.background });
  }
  return { machines, down };
}
