import { NOTHING, stringField, type HookMeaning } from "./hook-meaning.ts";

/** Gemini CLI's hooks (settings.json `hooks`, timeouts in ms; see INTEGRATION.md). */
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
