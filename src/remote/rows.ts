import { optionKeys, stateGlyph, type Ask, type InboxItem } from "../core/ask.ts";
import type { SessionState } from "../core/states.ts";
import { byKey } from "../session/keys.ts";
import type { RosterEntry } from "../session/roster.ts";
import type { HostSnapshot } from "../hosts/snapshot.ts";

/** One session as the phone page lists it (the contract's Row). */
export interface Row {
  pane: string;
  name: string;
  key: string;
  backend: string;
  account: string;
  state: SessionState;
  glyph: string;
  background: boolean;
  /** When the state began (epoch ms). */
  since: number;
  snoozed: boolean;
  ask: Ask | null;
  /**
   * Another machine's session whose host is down: when what the row says was last current (epoch
   * ms; 0: never). Its state is the last one heard, not now's; it asks nothing. Absent otherwise.
   */
  unreachable?: number;
}

/** What the daemon knows now of a session's state (fresher than the pane options the roster read). */
export interface Live { state: SessionState; since: number; background: boolean }

const RANK: Partial<Record<SessionState, number>> = { blocked: 0, waiting: 1 };

/** A row's place: blocked, waiting, the rest; a host down's last. */
const rank = (r: Row): number => r.unreachable !== undefined ? 3 : RANK[r.state] ?? 2;

/** Pure: blocked first, then waiting (each the longest first), then the rest by key, then the rows of hosts that are down. */
export function orderRows(rows: Row[]): Row[] {
  return [...rows].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra - rb;
    if (ra < 2 && a.since !== b.since) return a.since - b.since;
    return byKey(a, b);
  });
}

/** Pure: the live sessions of the roster as rows, their state as the daemon has it (exited ones left out). */
export function rowsFrom(roster: readonly RosterEntry[], live: (pane: string) => Live | undefined): Row[] {
  const rows: Row[] = [];
  for (const e of roster) {
    if (e.dead) continue;
    const now = live(e.pane);
    const state = now?.state ?? e.state;
    if (state === "exited") continue;
    const background = now?.background ?? e.background;
    rows.push({
      pane: e.pane, name: e.name, key: e.key, backend: e.backend, account: e.account, state,
      glyph: stateGlyph(state, background), background, since: Math.round(now?.since ?? e.stateSince ?? 0), snoozed: e.snoozed, ask: e.ask && { ...e.ask, keys: optionKeys(e.ask) },
    });
  }
  return orderRows(rows);
}

/**
 * Pure: other machines' live sessions as rows: HOST:PANE, the name HOST:name, no key (keys are this
 * machine's), the Ask and snooze from the host's inbox. A host that is down keeps its rows, marked
 * unreachable with the age of the data, asking nothing (nothing can be answered there now).
 */
export function hostRows(snapshots: readonly HostSnapshot[]): Row[] {
  return snapshots.flatMap((s) => {
    const items = new Map(s.inbox.map((i) => [i.pane, i]));
    return s.sessions.filter((r) => r.state !== null && r.state !== "exited").map((r): Row => {
      const state = r.state as SessionState;
      const item = items.get(r.pane);
      const ask = s.reachable ? item?.ask ?? null : null;
      const row: Row = {
        pane: `${s.name}:${r.pane}`, name: `${s.name}:${r.name}`, key: "", backend: r.backend, account: r.account ?? "", state,
        glyph: stateGlyph(state, r.background), background: r.background, since: Math.round(r.stateSince ?? 0), snoozed: item?.snoozed === true,
        ask: ask && { ...ask, keys: optionKeys(ask) },
      };
      return s.reachable ? row : { ...row, unreachable: Math.round(s.lastDataAt ?? 0) };
    });
  });
}

/** Pure: the last n lines of a capture, trailing blank lines dropped. */
export function lastLines(screen: string, n: number): string[] {
  const lines = screen.replace(/\s+$/, "").split("\n").map((l) => l.replace(/\s+$/, ""));
  return lines.slice(-n);
}

/** Pure: inbox items that are no session's (the chief's stateless nudges) as rows: shown, with nothing to act on. */
export function itemRows(items: readonly InboxItem[]): Row[] {
  return items.map((i) => ({
    pane: i.pane, name: i.name, key: i.key, backend: i.backend, account: i.account, state: i.state,
    glyph: stateGlyph(i.state, i.background), background: i.background, since: i.since, snoozed: i.snoozed, ask: i.ask,
  }));
}
