import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { failedCause, finishedCause, permissionCause, questionCause } from "../shared/causes.ts";
import { meaningOf, namesSession, type HookTable } from "../shared/hook-table.ts";

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

const activity = { install: true, meaning: (payload: Record<string, unknown>, base: HookMeaning) => ({ ...base, events: [{ kind: "activity" as const, agentId: stringField(payload, "agent_id") }] }) };

/** Claude Code's hook events: the ones agentmux installs (in this order) and what each means. */
export const CLAUDE_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "session_id"), promptId: stringField(payload, "prompt_id") }),
  unknownNamesSession: true,
  events: {
    UserPromptSubmit: {
      install: true,
      prompt: true,
      // /exit and /quit end the session: no turn begins.
      meaning: (payload, base) => (/^\s*\/(?:exit|quit)\s*$/.test(stringField(payload, "prompt") ?? "") ? { ...base, events: [] } : { ...base, events: [{ kind: "submit" }] }),
    },
    PreToolUse: activity,
    PostToolUse: activity,
    PostToolUseFailure: activity,
    SubagentStart: activity,
    SubagentStop: { install: true, meaning: (payload, base) => ({ ...base, events: [{ kind: "background", active: hasBackgroundWork(payload) }] }) },
    Stop: { install: true, cause: finishedCause, meaning: (payload, base) => ({ ...base, events: [{ kind: "stop", background: hasBackgroundWork(payload) }] }) },
    // A turn ended by an API error fires no Stop.
    StopFailure: { install: true, cause: failedCause, meaning: (payload, base) => ({ ...base, events: [{ kind: "stop" }], rateLimited: stringField(payload, "error") === "rate_limit" }) },
    Notification: {
      install: true,
      cause: (payload) => {
        const type = stringField(payload, "notification_type");
        if (type === "elicitation_dialog") return questionCause(payload);
        if (type === "permission_prompt") return permissionCause(payload);
        return type === "idle_prompt" ? finishedCause(payload) : undefined;
      },
      meaning: (payload, base) => {
        const type = stringField(payload, "notification_type");
        if (type === "permission_prompt" || type === "elicitation_dialog") return { ...base, events: [{ kind: "blocked", agentId: stringField(payload, "agent_id") }] };
        if (type === "idle_prompt") return { ...base, events: [{ kind: "idle-prompt" }] };
        return { ...base, events: [] };
      },
    },
    PermissionRequest: { install: true, cause: permissionCause, meaning: (payload, base) => ({ ...base, events: [{ kind: "blocked", agentId: stringField(payload, "agent_id") }] }) },
    SessionStart: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    SessionEnd: { install: true, meaning: namesSession },
    // A teammate went idle; its payload (teammate_name, team_name) lists no other work, so the
    // background flag is left to SubagentStop's and Stop's lists.
    TeammateIdle: { install: false, meaning: (_payload, base) => ({ ...base, events: [] }) },
  },
};

/** Claude Code's hook events, translated. */
export function claudeHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  return meaningOf(CLAUDE_HOOKS, event, payload);
}
