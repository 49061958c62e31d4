import type { SessionState } from "./states.ts";

/**
 * The session state machine: a pure function (state, event) -> state. Backends translate raw CLI
 * signals into these events; nothing else sets a session's state.
 */
export interface MachineState {
  state: SessionState;
  /** Work goes on after the turn (background tasks, subagents, teammates). */
  background: boolean;
  /** When the state last really changed (ms); repeated events leave it alone. */
  since: number;
  /** Send time of the event that began the current turn (stale stops are older). */
  turnStart: number | null;
  /** Send time of the event that last made the session wait (stale tool events are older). */
  waitingSince: number | null;
  /** Who raised the dialog the session is blocked on: "main" or a subagent id. */
  blockingAgent: string | null;
  /** The published status text was written before the latest prompt. */
  statusStale: boolean;
  /** The session has delivered a hook event: a hook channel marks its turns (kept across daemon restarts). */
  hooked?: boolean | undefined;
  /**
   * An exit chain runs (agentmux exit): the session is shown as closing (shownState) while its
   * turns go on being followed underneath, since the chain waits on them.
   */
  closing?: boolean | undefined;
}

export type MachineEvent =
  | { kind: "submit"; at: number }
  | { kind: "activity"; at: number; agentId?: string | undefined }
  | { kind: "stop"; at: number; background?: boolean | undefined }
  | { kind: "idle-prompt"; at: number }
  | { kind: "blocked"; at: number; agentId?: string | undefined }
  | { kind: "idle"; at: number }
  | { kind: "started"; at: number }
  | { kind: "background"; at: number; active: boolean }
  | { kind: "focus"; at: number }
  /** An exit chain was armed (on) or ended without closing the session (off). */
  | { kind: "closing"; at: number; on: boolean }
  | { kind: "exited"; at: number };

export type Effect = { type: "ready" } | { type: "discarded"; reason: string };

export interface Transition { next: MachineState; effects: Effect[] }

export const INITIAL: MachineState = {
  state: "unknown", background: false, since: 0, turnStart: null, waitingSince: null, blockingAgent: null, statusStale: false,
};

const WAITING_STATES: ReadonlySet<SessionState> = new Set(["waiting", "idle", "blocked"]);

function discard(current: MachineState, reason: string): Transition {
  return { next: current, effects: [{ type: "discarded", reason }] };
}

/** Move to a state; `since` changes only when the state itself changes. */
function to(current: MachineState, state: SessionState, at: number, patch: Partial<MachineState> = {}): MachineState {
  return { ...current, ...patch, state, since: current.state === state ? current.since : at };
}

export function transition(current: MachineState, event: MachineEvent): Transition {
  if (current.state === "exited") return discard(current, "session has exited");
  const at = event.at;
  switch (event.kind) {
    case "exited":
      return { next: to(current, "exited", at, { background: false, blockingAgent: null }), effects: [] };

    case "closing":
      return { next: { ...current, closing: event.on || undefined }, effects: [] };

    case "submit":
      // Submission hooks can fire more than once per prompt; the published status still goes stale.
      if (current.state === "working") return { next: current.statusStale ? current : { ...current, statusStale: true }, effects: [{ type: "discarded", reason: "submit while working" }] };
      return { next: to(current, "working", at, { turnStart: at, blockingAgent: null, statusStale: true }), effects: [] };

    case "activity": {
      if (current.waitingSince !== null && at < current.waitingSince) return discard(current, "tool event sent before the session began waiting");
      if (event.agentId && WAITING_STATES.has(current.state)) {
        const raisedIt = current.state === "blocked" && current.blockingAgent === event.agentId;
        if (!raisedIt) return { next: { ...current, background: true }, effects: [{ type: "discarded", reason: "subagent event while waiting" }] };
      }
      if (current.state === "working") return { next: current, effects: [] };
      // A turn begun outside agentmux (remote control, a scheduled task) or a dialog answered.
      const turnStart = current.state === "blocked" ? current.turnStart : at;
      return { next: to(current, "working", at, { turnStart, blockingAgent: null }), effects: [] };
    }

    case "stop":
      if (current.turnStart !== null && at < current.turnStart) return discard(current, "stop sent before the current turn began");
      return {
        next: to(current, current.state === "idle" ? "idle" : "waiting", at, { background: event.background ?? false, waitingSince: at, blockingAgent: null }),
        effects: [],
      };

    case "idle-prompt":
      if (current.turnStart !== null && at < current.turnStart) return discard(current, "idle prompt sent before the current turn began");
      if (current.state === "idle" || current.state === "blocked") return { next: current, effects: [] };
      return { next: to(current, "waiting", at, { waitingSince: current.state === "waiting" ? current.waitingSince : at, blockingAgent: null }), effects: [{ type: "ready" }] };

    case "blocked":
      if (current.turnStart !== null && at < current.turnStart && current.state !== "unknown") return discard(current, "dialog event sent before the current turn began");
      return { next: to(current, "blocked", at, { waitingSince: at, blockingAgent: event.agentId ?? "main" }), effects: [] };

    case "idle":
      return { next: to(current, "idle", at, { waitingSince: at, blockingAgent: null }), effects: [] };

    case "started":
      return current.state === "unknown" ? { next: to(current, "idle", at, { waitingSince: at }), effects: [] } : { next: current, effects: [] };

    case "background":
      return { next: { ...current, background: event.active }, effects: [] };

    case "focus":
      return current.state === "waiting" ? { next: to(current, "idle", at), effects: [] } : { next: current, effects: [] };
  }
}

/** Apply events in order (for tests and for replaying a spool). */
export function run(events: MachineEvent[], start: MachineState = INITIAL): MachineState {
  return events.reduce((state, event) => transition(state, event).next, start);
}

/**
 * The state a session is shown in: `closing` while its exit chain runs, unless it is blocked (a
 * dialog of a before-exit skill still needs the user) or has exited; otherwise its state.
 */
export function shownState(m: Pick<MachineState, "state" | "closing">): SessionState {
  return m.closing && m.state !== "blocked" && m.state !== "exited" ? "closing" : m.state;
}
