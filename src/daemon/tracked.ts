import type { Cause } from "../backends/hook-cause.ts";
import { NO_CHANNELS, type Channel, type Channels } from "../core/evidence.ts";
import type { PaneRecord } from "../tmux/formats.ts";
import { INITIAL, type MachineState } from "../core/state-machine.ts";
import type { SessionState } from "../core/states.ts";
import { STATES } from "../core/states.ts";
import { tokenHash } from "../util/token.ts";
import { parseLaunchState, type LaunchState } from "../core/launch-state.ts";

/** What the daemon keeps per session pane. */
export interface Tracked {
  pane: string;
  backend: string;
  /** The sha256 of the process's token (@agentmux-token-hash); the token itself is only in its environment. */
  tokenHash: string;
  id: string;
  dir: string;
  machine: MachineState;
  /** prompt_ids seen in hook events (most recent last), to tell turns begun outside the hooks. */
  promptIds: string[];
  lastPromptSeen: string;
  lastEventAt: number;
  /** Every channel's latest word (src/core/evidence.ts), weighed by src/core/decide.ts. */
  channels: Channels;
  /** The channel whose evidence made the current state, and the rule that decided (agentmux explain). */
  raisedBy: Channel | null;
  decided: { rule: string; why: string; from: string; at: number } | null;
  lastStopAt: number;
  /** The prompt_id named by the last stop event, when it named one. */
  lastStopPromptId: string;
  statusMtime: number;
  /** The last look at which the screen showed a dialog (a blocked verdict): the decision's dialogSeenAt. */
  dialogSeenAt?: number | null;
  tornDown: boolean;
  /** The pane's first process (for reading the CLI's live files). */
  panePid: number;
  /** What tmux last said of the pane (identity, for the exited registry). */
  record: PaneRecord;
  exitStatus: number | null;
  killed: boolean;
  /** Its pane closed (the daemon is about to forget it): no longer among the sessions `list` names. */
  gone?: boolean;
  /** Why the session last came to need the user (for the notification). */
  cause?: Cause | undefined;
  /** A notification a snooze held back, to fire when the snooze ends. */
  suppressed: boolean;
  /** The model and permission mode last reported (restart and restore start the CLI with them). */
  launch: LaunchState;
  /** The state it was last shown in (shownState: closing while an exit chain runs). */
  shown?: SessionState;
}

/**
 * Whether the daemon knows the process that holds this token as the pane's session: false when it
 * tracks no session there, or one under another token (tmux says nothing when a pane's process is
 * respawned: a restart's new process may speak before the daemon has read its token).
 */
export function knowsProcess(t: Tracked | undefined, token: string): boolean {
  return t !== undefined && (t.tokenHash === "" || tokenHash(token) === t.tokenHash);
}

/** Restore the machine from the @agentmux-machine option (written on every change), else from @agentmux-state. */
export function machineFromPane(record: PaneRecord): MachineState {
  if (record.machine) {
    try {
      const parsed = JSON.parse(record.machine) as Partial<MachineState>;
      if (parsed && typeof parsed.state === "string" && (STATES as readonly string[]).includes(parsed.state)) return { ...INITIAL, ...parsed };
    } catch { /* fall back */ }
  }
  // "closing" is only ever shown (an exit chain of a daemon now gone): the state underneath is not known.
  const state = (STATES as readonly string[]).includes(record.state) && record.state !== "closing" ? (record.state as SessionState) : "unknown";
  const since = Number(record.stateSince) || 0;
  return { ...INITIAL, state, since };
}

/**
 * A session as tmux describes its pane. `replacing`: the pane's process was replaced in place (a
 * restart respawned it under a new token) while the daemon tracked the old one: the new process
 * starts from nothing known. The pane's state options are the old process's: the restart cleared
 * them, but the daemon may have written the old process's state again before it saw the new token.
 */
export function trackedFromPane(record: PaneRecord, options: { replacing?: boolean } = {}): Tracked {
  return {
    pane: record.pane,
    backend: record.backend,
    tokenHash: record.tokenHash,
    id: record.id,
    dir: record.dir,
    machine: options.replacing ? { ...INITIAL } : machineFromPane(record),
    promptIds: [],
    lastPromptSeen: "",
    lastEventAt: 0,
    channels: NO_CHANNELS,
    raisedBy: null,
    decided: null,
    lastStopAt: 0,
    lastStopPromptId: "",
    statusMtime: 0,
    dialogSeenAt: null,
    tornDown: false,
    panePid: Number(record.pid) || 0,
    record,
    exitStatus: null,
    killed: false,
    suppressed: false,
    launch: parseLaunchState(record.launch),
  };
}
