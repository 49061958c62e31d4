import { NOTHING, stringField, type HookMeaning } from "../shared/hook-meaning.ts";

/**
 * opencode has no shell hooks; etc/opencode/agentmux.js, a plugin (loaded per session by
 * src/backends/opencode/config.ts), forwards its bus events to
 * shell/agentmux-hook under these names, with the event's properties as the payload.
 */
/** Every name the plugin forwards, each with its meaning below. */
export const OPENCODE_HOOK_EVENTS = ["session-created", "session-busy", "session-idle", "permission-asked", "permission-replied", "question-asked"] as const;

export function opencodeHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  const sessionId = stringField(payload, "sessionID");
  const base = { sessionId };
  switch (event) {
    case "session-created":
      return { ...base, events: [{ kind: "started" }] };
    case "session-busy":
    case "permission-replied":
      return { ...base, events: [{ kind: "activity" }] };
    case "session-idle":
      return { ...base, events: [{ kind: "stop" }] };
    case "permission-asked":
    case "question-asked":
      return { ...base, events: [{ kind: "blocked" }] };
    default:
      return NOTHING;
  }
}
