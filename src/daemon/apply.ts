import { hookCause } from "../backends/hook-cause.ts";
import { hookMeaning } from "../backends/hooks.ts";
import { formatLaunchState, launchStateFromPayload, updateLaunchState } from "../core/launch-state.ts";
import { transition, type Effect, type MachineEvent } from "../core/state-machine.ts";
import type { SpooledEvent } from "./spool.ts";
import { knowsProcess, type Tracked } from "./tracked.ts";

export interface Applied {
  /** The machine changed (state, flags or bookkeeping). */
  changed: boolean;
  /** The visible state changed. */
  stateChanged: boolean;
  effects: Effect[];
  /** A new native session id. */
  newId?: string | undefined;
  /** Duration of a turn that just ended. */
  turnMs?: number | undefined;
  /** The event ended a turn normally (a stop), or on the provider's rate limit (failover looks at both). */
  stopped?: boolean | undefined;
  rateLimited?: boolean | undefined;
  /** The launch state changed: its new @agentmux-launch text. */
  launch?: string | undefined;
  reason?: string | undefined;
}

/** Why an event is refused before it reaches the machine, or null when it may pass. */
export function refuse(tracked: Tracked | undefined, event: SpooledEvent): string | null {
  if (!tracked) return `no agentmux session in pane ${event.pane}`;
  // A pane agentmux did not start (global hooks) has no token to check.
  return knowsProcess(tracked, event.token) ? null : `wrong token for ${event.pane}`;
}

/** Apply one hook event to a tracked session (mutates it); answers what changed. */
export function applyEvent(tracked: Tracked, event: SpooledEvent): Applied {
  const meaning = hookMeaning(tracked.backend, event.event, event.payload);
  if (meaning.onlyForSession && tracked.id && meaning.onlyForSession !== tracked.id) {
    return { changed: false, stateChanged: false, effects: [{ type: "discarded", reason: `event for another thread (${meaning.onlyForSession})` }] };
  }
  const before = tracked.machine;
  const effects: Effect[] = [];
  let turnMs: number | undefined;
  for (const e of meaning.events) {
    const machineEvent = { ...e, at: event.at } as MachineEvent;
    const wasWorking = tracked.machine.state === "working";
    const turnStart = tracked.machine.turnStart;
    const result = transition(tracked.machine, machineEvent);
    tracked.machine = result.next;
    effects.push(...result.effects);
    if (e.kind === "stop") {
      tracked.lastStopAt = Math.max(tracked.lastStopAt, event.at);
      tracked.lastStopPromptId = meaning.promptId ?? "";
    }
    if (wasWorking && tracked.machine.state !== "working" && turnStart !== null) turnMs = Math.max(0, event.at - turnStart);
  }
  if (meaning.promptId && !tracked.promptIds.includes(meaning.promptId)) {
    tracked.promptIds = [...tracked.promptIds.slice(-19), meaning.promptId];
  }
  tracked.lastEventAt = Math.max(tracked.lastEventAt, event.at);
  let newId: string | undefined;
  if (meaning.sessionId && meaning.sessionId !== tracked.id) {
    tracked.id = meaning.sessionId;
    newId = meaning.sessionId;
  }
  // A subagent's payload speaks of the subagent, not of the session's own model.
  const launch = event.payload["agent_id"] ? tracked.launch : updateLaunchState(tracked.launch, launchStateFromPayload(event.payload));
  const launchChanged = launch !== tracked.launch;
  tracked.launch = launch;
  if (tracked.machine.state !== before.state && (tracked.machine.state === "blocked" || tracked.machine.state === "waiting")) {
    tracked.cause = hookCause(event.event, event.payload);
  }
  return {
    changed: tracked.machine !== before,
    stateChanged: tracked.machine.state !== before.state,
    effects,
    newId,
    turnMs,
    launch: launchChanged ? formatLaunchState(launch) : undefined,
    stopped: meaning.events.some((e) => e.kind === "stop") && !meaning.rateLimited,
    rateLimited: meaning.rateLimited,
  };
}
