import { NOTHING, stringField, type HookMeaning } from "./hook-meaning.ts";

function hasBackgroundWork(payload: Record<string, unknown>): boolean {
  const tasks = payload["background_tasks"];
  if (!Array.isArray(tasks)) return false;
  return tasks.some((t) => {
    const status = t && typeof t === "object" ? (t as Record<string, unknown>)["status"] : undefined;
    return status === undefined || status === "running" || status === "pending" || status === "in_progress";
  });
}

/** Claude Code's hook events, translated (see INTEGRATION.md for the payloads). */
export function claudeHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  const sessionId = stringField(payload, "session_id");
  const promptId = stringField(payload, "prompt_id");
  const agentId = stringField(payload, "agent_id");
  const base = { sessionId, promptId };
  switch (event) {
    case "SessionStart":
      return { ...base, events: [{ kind: "started" }] };
    case "UserPromptSubmit":
      return { ...base, events: [{ kind: "submit" }] };
    case "PreToolUse":
    case "PostToolUse":
    case "PostToolUseFailure":
    case "SubagentStart":
      return { ...base, events: [{ kind: "activity", agentId }] };
    case "SubagentStop":
      return { ...base, events: [{ kind: "background", active: hasBackgroundWork(payload) }] };
    case "Stop":
      return { ...base, events: [{ kind: "stop", background: hasBackgroundWork(payload) }] };
    case "StopFailure":
      // A turn ended by an API error fires no Stop.
      return { ...base, events: [{ kind: "stop" }], rateLimited: stringField(payload, "error") === "rate_limit" };
    case "PermissionRequest":
      return { ...base, events: [{ kind: "blocked", agentId }] };
    case "Notification": {
      const type = stringField(payload, "notification_type");
      if (type === "permission_prompt" || type === "elicitation_dialog") return { ...base, events: [{ kind: "blocked", agentId }] };
      if (type === "idle_prompt") return { ...base, events: [{ kind: "idle-prompt" }] };
      return { ...base, events: [] };
    }
    default:
      return sessionId ? { ...base, events: [] } : NOTHING;
  }
}
