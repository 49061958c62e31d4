import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { finishedCause, permissionCause } from "../shared/causes.ts";
import { meaningOf, type HookTable } from "../shared/hook-table.ts";

/**
 * Codex's hooks (Claude's format and names; Codex has no Notification event), in the order
 * agentmux installs them, and its `notify` program's agent-turn-complete.
 */
export const CODEX_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "session_id"), promptId: stringField(payload, "turn_id") }),
  unknownNamesSession: true,
  events: {
    // Fires at the first prompt, not at launch: it names the session, UserPromptSubmit begins the turn.
    SessionStart: { install: true, meaning: (_payload, base) => ({ ...base, events: [] }) },
    UserPromptSubmit: { install: true, prompt: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "submit" }] }) },
    PreToolUse: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "activity" }] }) },
    PermissionRequest: { install: true, cause: permissionCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "blocked" }] }) },
    PostToolUse: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "activity" }] }) },
    Stop: { install: true, cause: finishedCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    // From the notify program, not a hook. Also sent for Codex's own title-generation thread: only
    // the session's thread counts.
    "agent-turn-complete": { install: false, cause: finishedCause, meaning: (payload) => ({ events: [{ kind: "stop" }], onlyForSession: stringField(payload, "thread-id") }) },
  },
};

/** Codex's hooks and its `notify` program's agent-turn-complete, translated. */
export function codexHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  return meaningOf(CODEX_HOOKS, event, payload);
}
