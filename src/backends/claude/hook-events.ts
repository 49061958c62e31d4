import { NOTHING, stringField, type HookMeaning } from "../shared/hook-meaning.ts";

// Claude Code lists an agent-team teammate as running until it is shut down, idle or not.
const TEAMMATE_TASK = "in_process_teammate";

/**
 * Whether a Stop or SubagentStop payload's background_tasks has work running. Teammate tasks do not
 * count: a teammate counts as background work only while it works, which its own events say
 * (SubagentStart and its tool events while the session waits; SubagentStop and TeammateIdle end it).
 */
function hasBackgroundWork(payload: Record<string, unknown>): boolean {
  const tasks = payload["background_tasks"];
  if (!Array.isArray(tasks)) return false;
  return tasks.some((t) => {
    const task = t && typeof t === "object" ? (t as Record<string, unknown>) : {};
    if (task["type"] === TEAMMATE_TASK) return false;
    const status = task["status"];
    return status === undefined || status === "running" || status === "pending" || status === "in_progress";
  });
}

/** Claude Code's hook events, translated. */
export function claudeHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  const sessionId = stringField(payload, "session_id");
  const promptId = stringField(payload, "prompt_id");
  const agentId = stringField(payload, "agent_id");
  const base = { sessionId, promptId };
  switch (event) {
    case "SessionStart":
      return { ...base, events: [{ kind: "started" }] };
    case "UserPromptSubmit":
      // /exit and /quit end the session: no turn begins.
      if (/^\s*\/(?:exit|quit)\s*$/.test(stringField(payload, "prompt") ?? "")) return { ...base, events: [] };
      return { ...base, events: [{ kind: "submit" }] };
    case "PreToolUse":
    case "PostToolUse":
    case "PostToolUseFailure":
    case "SubagentStart":
      return { ...base, events: [{ kind: "activity", agentId }] };
    case "SubagentStop":
      return { ...base, events: [{ kind: "background", active: hasBackgroundWork(payload) }] };
    case "TeammateIdle":
      // A teammate went idle; its payload (teammate_name, team_name) lists no other work, so the
      // background flag is left to SubagentStop's and Stop's lists.
      return { ...base, events: [] };
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
