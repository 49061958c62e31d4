import { NOTHING, stringField, type HookMeaning } from "../shared/hook-meaning.ts";

/** Codex's hooks (Claude's format) and its `notify` program's agent-turn-complete. */
export function codexHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  const sessionId = stringField(payload, "session_id");
  const promptId = stringField(payload, "turn_id");
  const base = { sessionId, promptId };
  switch (event) {
    case "SessionStart":
      // Fires at the first prompt, not at launch: it names the session, UserPromptSubmit begins the turn.
      return { ...base, events: [] };
    case "UserPromptSubmit":
      return { ...base, events: [{ kind: "submit" }] };
    case "PreToolUse":
    case "PostToolUse":
      return { ...base, events: [{ kind: "activity" }] };
    case "PermissionRequest":
      return { ...base, events: [{ kind: "blocked" }] };
    case "Stop":
      return { ...base, events: [{ kind: "stop" }] };
    case "agent-turn-complete": {
      // Also sent for Codex's own title-generation thread: only the session's thread counts.
      const thread = stringField(payload, "thread-id");
      return { events: [{ kind: "stop" }], onlyForSession: thread };
    }
    default:
      return sessionId ? { ...base, events: [] } : NOTHING;
  }
}
