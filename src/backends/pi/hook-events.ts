import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { failedCause, finishedCause, permissionCause, type Cause } from "../shared/causes.ts";
import { installedEvents, meaningOf, namesSession, type HookTable } from "../shared/hook-table.ts";
import { piAsk } from "./ask.ts";

type Payload = Record<string, unknown>;

const activity = { install: true, meaning: (_payload: Payload, base: HookMeaning): HookMeaning => ({ ...base, events: [{ kind: "activity" }] }) };

/** An extension's dialog: a permission when it opened while a tool call waited, else a question (its title). */
function dialogCause(payload: Payload): Cause {
  if (stringField(payload, "tool_name")) return permissionCause(payload);
  const title = (stringField(payload, "title") ?? "").split("\n").map((l) => l.trim()).find((l) => l !== "");
  return { why: "question", detail: title };
}

/** How a prompt's run ended (its last assistant message's stopReason): Pi's own words for an error. */
function endCause(payload: Payload): Cause {
  const reason = stringField(payload, "stop_reason");
  if (reason === "error") return failedCause(payload);
  if (reason === "aborted") return { why: "interrupted" };
  return finishedCause(payload);
}

/**
 * Pi has no shell hooks; etc/pi/agentmux.js, an extension (loaded per session with `-e`, see
 * src/backends/pi/extension.ts), forwards its lifecycle events to shell/agentmux-hook under Pi's
 * own names, with the session id (ctx.sessionManager.getSessionId()) as session_id in every
 * payload. ui_dialog_open / ui_dialog_closed are the extension's own: an extension's ctx.ui dialog
 * (select, confirm, input, editor) opening and closing. "install" here: the extension forwards it.
 */
export const PI_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "session_id") }),
  unknownNamesSession: true,
  ask: piAsk,
  events: {
    session_start: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    before_agent_start: { install: true, prompt: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "submit" }] }) },
    agent_start: activity,
    tool_execution_start: activity,
    tool_execution_end: activity,
    ui_dialog_open: { install: true, cause: dialogCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "blocked" }] }) },
    // A dialog answered while a prompt runs lets it go on; one opened at the prompt (a command's) leaves it waiting.
    ui_dialog_closed: { install: true, meaning: (payload, base) => ({ ...base, events: [payload["idle"] === true ? { kind: "stop" } : { kind: "activity" }] }) },
    agent_end: { install: true, cause: endCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    session_shutdown: { install: true, meaning: namesSession },
  },
};

/** Every name the extension forwards, each with its meaning in the table. */
export const PI_HOOK_EVENTS: readonly string[] = installedEvents(PI_HOOKS);

export function piHookMeaning(event: string, payload: Payload): HookMeaning {
  return meaningOf(PI_HOOKS, event, payload);
}
