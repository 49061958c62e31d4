import { NOTHING, stringField, type HookMeaning } from "../shared/hook-meaning.ts";

/**
 * The Gemini CLI hook events agentmux installs for its sessions (src/backends/gemini/settings.ts)
 * and for `agentmux init --agents`. Each has its meaning below. AfterModel, BeforeModel and
 * BeforeToolSelection are known too but not installed: AfterModel fires once per streamed chunk,
 * and the other two repeat what BeforeAgent and BeforeTool already say.
 */
export const GEMINI_HOOK_EVENTS = ["SessionStart", "BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent", "Notification"] as const;

/** Gemini CLI's hooks (settings.json `hooks`, timeouts in ms; see docs/backends/gemini.md). */
export function geminiHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  const sessionId = stringField(payload, "session_id");
  const base = { sessionId };
  switch (event) {
    case "SessionStart":
      return { ...base, events: [{ kind: "started" }] };
    case "BeforeAgent":
      return { ...base, events: [{ kind: "submit" }] };
    case "BeforeModel":
    case "AfterModel":
    case "BeforeToolSelection":
    case "BeforeTool":
    case "AfterTool":
      return { ...base, events: [{ kind: "activity" }] };
    case "AfterAgent":
      return { ...base, events: [{ kind: "stop" }] };
    case "Notification":
      return { ...base, events: stringField(payload, "notification_type") === "ToolPermission" ? [{ kind: "blocked" }] : [] };
    default:
      return sessionId ? { ...base, events: [] } : NOTHING;
  }
}
