import { ASK_OPTION, parseAsk, type Ask } from "../core/ask.ts";
import { buildFormat, PANE_FIELDS, parseRecords, type PaneRecord } from "../tmux/formats.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { setOptionArgs } from "../tmux/options.ts";
import { THEN } from "../tmux/safe-text.ts";
import { displayNames } from "./display-name.ts";
import { sessionFromPane, type Session } from "./identity.ts";
import { assignKeys, byKey, KEY_OPTION } from "./keys.ts";
import { readSnooze, SNOOZE_OPTION } from "./snooze.ts";

/** A live session as the switcher, `next` and `snooze` see it: its key, snooze and published status. */
export interface RosterEntry extends Session {
  name: string;
  key: string;
  snoozed: boolean;
  /** When a timed snooze ends (null: not snoozed, or until undone). */
  snoozeUntil: number | null;
  /** Published status, as typed (the pane option holds it with # escaped). */
  status: string;
  statusStale: boolean;
  background: boolean;
  /** When the running turn began (from the daemon's machine state, else the state's since). */
  turnStart: number | null;
  /** The backend's icon, as its launch stored it on the pane (@agentmux-icon): the switcher needs no backend for it. */
  icon?: string;
  /** What it wants or said, as the daemon published it (@agentmux-ask); null when nothing. */
  ask: Ask | null;
}

const ROSTER_FIELDS = { ...PANE_FIELDS, key: KEY_OPTION, snoozed: SNOOZE_OPTION, ask: ASK_OPTION } as const;
const ROSTER_FORMAT = buildFormat(ROSTER_FIELDS);
type RosterRecord = PaneRecord & { key: string; snoozed: string; ask?: string };

function turnStartOf(record: RosterRecord, session: Session): number | null {
  try {
    const machine = JSON.parse(record.machine.replaceAll("##", "#")) as { turnStart?: unknown };
    if (typeof machine.turnStart === "number") return machine.turnStart;
  } catch { /* no machine state yet */ }
  return session.stateSince;
}

/** Pure: pane records → entries in key order (keys as given; see loadRoster for assignment). */
export function rosterFromRecords(records: RosterRecord[], keys: Map<string, string>, options: { backendSuffix?: boolean; now?: number } = {}): RosterEntry[] {
  const now = options.now ?? Date.now();
  const pairs = records.map((r) => ({ r, s: sessionFromPane(r) })).filter((p): p is { r: RosterRecord; s: Session } => p.s !== null);
  const names = displayNames(pairs.map((p) => p.s), options);
  return pairs.map(({ r, s }) => {
    const snooze = readSnooze(r.snoozed, now);
    return {
      ...s,
      name: names.get(s.pane) ?? s.pane,
      key: keys.get(s.pane) ?? r.key,
      snoozed: snooze.snoozed,
      snoozeUntil: snooze.until,
      status: r.status,
      statusStale: r.statusStale === "1",
      background: r.background === "1",
      turnStart: turnStartOf(r, s),
      icon: r.icon,
      ask: parseAsk(r.ask ?? ""),
    };
  }).sort(byKey);
}

/** Every live session on the server with its key; keys handed out now are stored on their panes. */
export async function loadRoster(tmux: Tmux, options: { backendSuffix?: boolean; now?: number } = {}): Promise<RosterEntry[]> {
  const records = parseRecords(ROSTER_FIELDS, (await tmux.paneLines(ROSTER_FORMAT)).join("\n")) as RosterRecord[];
  const agents = records.filter((r) => r.backend !== "");
  const { keys, assigned } = assignKeys(agents.map((r) => ({ pane: r.pane, key: r.key })));
  if (assigned.size > 0) {
    const args = [...assigned].flatMap(([pane, key], i) => [...(i > 0 ? [THEN] : []), ...setOptionArgs({ pane }, KEY_OPTION, key)]);
    // A pane that closed meanwhile keeps nobody from their key.
    await tmux.run(args).catch(() => undefined);
  }
  return rosterFromRecords(agents, keys, options);
}
