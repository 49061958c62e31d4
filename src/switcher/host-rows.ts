import { stateGlyph } from "../core/ask.ts";
import type { HostSnapshot } from "../hosts/snapshot.ts";
import { formatAge } from "../util/text.ts";
import { ageOf, oneLine, toneOf, type Row } from "./rows.ts";

/**
 * Other machines' sessions as switcher rows (their own section per host, src/switcher/rows.ts):
 * from what this machine's daemon last heard (the hosts' cache files: no ssh to open the
 * switcher). Keys are this machine's, so they have none; a host that is down shows its sessions
 * greyed, with the age of the data, never as current. Exited sessions are left out.
 */
export function hostRows(snapshots: readonly HostSnapshot[], now: number): Row[] {
  return snapshots.flatMap((s) => {
    const asks = new Map(s.inbox.map((i) => [i.pane, i]));
    const old = s.reachable || s.lastDataAt === null ? "" : `unreachable, data ${formatAge(now - s.lastDataAt)} old`;
    return s.sessions.filter((r) => r.state !== "exited").map((r): Row => {
      const state = r.state ?? "unknown";
      const item = asks.get(r.pane);
      return {
        pane: `${s.name}:${r.pane}`,
        key: "",
        icon: "▸",
        name: oneLine(r.name),
        account: oneLine(r.account ?? ""),
        annotation: "",
        age: s.reachable ? ageOf({ state, stateSince: r.stateSince, turnStart: null }, now) : "",
        status: old,
        stale: !s.reachable,
        tone: s.reachable ? toneOf({ state, background: r.background, snoozed: item?.snoozed === true }) : "unknown",
        glyph: stateGlyph(state, r.background),
        wants: oneLine(item?.ask?.summary ?? ""),
        since: r.stateSince,
        host: s.name,
      };
    });
  });
}
