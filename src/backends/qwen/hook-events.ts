import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { failedCause, finishedCause, permissionCause, questionCause } from "../shared/causes.ts";
import { installedEvents, meaningOf, namesSession, type HookTable } from "../shared/hook-table.ts";

type Payload = Record<string, unknown>;

const activity = { install: true, meaning: (payload: Payload, base: HookMeaning): HookMeaning => ({ ...base, events: [{ kind: "activity", agentId: stringField(payload, "agent_id") }] }) };

/**
 * Qwen Code's hooks (settings.json `hooks`, Claude's format, timeouts in ms; see
 * docs/backends/qwen.md), in the order agentmux installs them for its sessions
 * (src/backends/qwen/settings.ts) and for `agentmux init --agents`. Every payload carries
 * session_id. PreCompact and PostCompact are known names of Qwen's but not installed: they say
 * nothing of the session's state.
 */
export const QWEN_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "session_id") }),
  unknownNamesSession: true,
  events: {
    SessionStart: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    // Qwen fires it again, with prompt "", when it sends a tool's result back to the model: no new turn.
    UserPromptSubmit: {
      install: true,
      prompt: true,
      meaning: (payload, base) => {
        const prompt = stringField(payload, "prompt");
        if (prompt === undefined) return { ...base, events: [{ kind: "activity" }] };
        return /^\s*\/(?:exit|quit)\s*$/.test(prompt) ? { ...base, events: [] } : { ...base, events: [{ kind: "submit" }] };
      },
    },
    PreToolUse: activity,
    PostToolUse: activity,
    PostToolUseFailure: activity,
    SubagentStart: activity,
    // Qwen's payloads list no background work: a subagent that stops leaves none of its own.
    SubagentStop: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "background", active: false }] }) },
    // Fired as the permission dialog shows (before PreToolUse, which follows the answer).
    PermissionRequest: { install: true, cause: permissionCause, meaning: (payload, base) => ({ ...base, events: [{ kind: "blocked", agentId: stringField(payload, "agent_id") }] }) },
    Notification: {
      install: true,
      cause: (payload) => {
        const type = stringField(payload, "notification_type");
        if (type === "permission_prompt") return permissionCause(payload);
        if (type === "elicitation_dialog") return questionCause(payload);
        return undefined;
      },
      meaning: (payload, base) => {
        const type = stringField(payload, "notification_type");
        if (type === "permission_prompt" || type === "elicitation_dialog") return { ...base, events: [{ kind: "blocked" }] };
        // Qwen sends it half a second after Stop, not after a minute as Claude Code does.
        if (type === "idle_prompt") return { ...base, events: [{ kind: "idle-prompt" }] };
        return { ...base, events: [] };
      },
    },
    Stop: { install: true, cause: finishedCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    // A turn ended by an API error fires StopFailure ({error, error_details}) instead of Stop.
    StopFailure: { install: true, cause: failedCause, meaning: (payload, base) => ({ ...base, events: [{ kind: "stop" }], rateLimited: stringField(payload, "error") === "rate_limit" }) },
    SessionEnd: { install: true, meaning: namesSession },
    PreCompact: { install: false, meaning: namesSession },
    PostCompact: { install: false, meaning: namesSession },
  },
};

/** The Qwen Code hook events agentmux installs. */
export const QWEN_HOOK_EVENTS: readonly string[] = installedEvents(QWEN_HOOKS);

export function qwenHookMeaning(event: string, payload: Payload): HookMeaning {
  return meaningOf(QWEN_HOOKS, event, payload);
}
