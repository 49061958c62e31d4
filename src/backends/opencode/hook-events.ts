import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { finishedCause, permissionCause, questionCause } from "../shared/causes.ts";
import { installedEvents, meaningOf, type HookTable } from "../shared/hook-table.ts";
import { opencodeAsk } from "./ask.ts";

/**
 * opencode has no shell hooks; etc/opencode/agentmux.js, a plugin (loaded per session by
 * src/backends/opencode/config.ts), forwards its bus events to shell/agentmux-hook under these
 * names, with the event's properties as the payload. "install" here: the plugin forwards it.
 */
export const OPENCODE_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "sessionID") }),
  unknownNamesSession: false,
  ask: opencodeAsk,
  events: {
    "session-created": { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    "session-busy": { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "activity" }] }) },
    "session-idle": { install: true, cause: finishedCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    "permission-asked": { install: true, cause: permissionCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "blocked" }] }) },
    "permission-replied": { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "activity" }] }) },
    "question-asked": { install: true, cause: questionCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "blocked" }] }) },
  },
};

/** Every name the plugin forwards, each with its meaning in the table. */
export const OPENCODE_HOOK_EVENTS: readonly string[] = installedEvents(OPENCODE_HOOKS);

export function opencodeHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  return meaningOf(OPENCODE_HOOKS, event, payload);
}
