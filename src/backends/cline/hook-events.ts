import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { failedCause, finishedCause } from "../shared/causes.ts";
import { installedEvents, type HookBase, type HookTable } from "../shared/hook-table.ts";

type Payload = Record<string, unknown>;

const field = (payload: Payload, key: string): Payload => {
  const value = payload[key];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Payload) : {};
};

/** A subagent's run (it names its parent): its start and end are activity of the session's turn, not the turn's own. */
const subagent = (payload: Payload): string | undefined => stringField(payload, "parent_agent_id") ? stringField(payload, "agent_id") ?? "subagent" : undefined;

const turn = (kind: "submit" | "stop") => (payload: Payload, base: HookBase): HookMeaning => {
  const agentId = subagent(payload);
  return { ...base, events: [agentId ? { kind: "activity", agentId } : { kind }] };
};

const activity = (payload: Payload, base: HookBase): HookMeaning => ({ ...base, events: [{ kind: "activity", agentId: subagent(payload) }] });

/**
 * Cline's hooks (3.0.65): one executable file per event in a hooks directory (see
 * docs/backends/cline.md), each run with the event's JSON on stdin. Every payload names the
 * session as sessionContext.rootSessionId (what `cline --id` takes). Cline has no permission or
 * notification event: its approval dialog ("Approve tool call?") comes from the screen, after
 * PreToolUse. TaskStart begins each turn of a new session, TaskResume each turn of a resumed one.
 * SessionShutdown is run when Escape cancels a turn (not when the TUI quits: the pane's exit says
 * that). Known and not installed: TaskCancel and UserPromptSubmit (3.0.65's TUI runs neither),
 * PreCompact (no event of 3.0.65 runs it).
 */
export const CLINE_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(field(payload, "sessionContext"), "rootSessionId") }),
  unknownNamesSession: true,
  events: {
    TaskStart: { install: true, meaning: turn("submit") },
    TaskResume: { install: true, meaning: turn("submit") },
    PreToolUse: { install: true, meaning: activity },
    PostToolUse: { install: true, meaning: activity },
    TaskComplete: { install: true, cause: (payload) => finishedCause({ last_assistant_message: field(payload, "turn")["outputText"] }), meaning: turn("stop") },
    TaskError: { install: true, cause: (payload) => failedCause({ error_details: field(payload, "error")["message"] }), meaning: turn("stop") },
    // Run when Escape ends a turn (the session goes on); 3.0.65 runs this rather than TaskCancel.
    SessionShutdown: { install: true, cause: () => ({ why: "interrupted" }), meaning: turn("stop") },
    TaskCancel: { install: false, cause: () => ({ why: "interrupted" }), meaning: turn("stop") },
    UserPromptSubmit: { install: false, meaning: turn("submit") },
  },
};

/** The Cline hook events agentmux installs. */
export const CLINE_HOOK_EVENTS: readonly string[] = installedEvents(CLINE_HOOKS);
