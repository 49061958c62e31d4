import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { finishedCause, permissionCause, questionCause } from "../shared/causes.ts";
import { installedEvents, meaningOf, namesSession, type HookTable } from "../shared/hook-table.ts";

type Payload = Record<string, unknown>;

const activity = { install: true, meaning: (_payload: Payload, base: HookMeaning): HookMeaning => ({ ...base, events: [{ kind: "activity" }] }) };

/**
 * droid's hook events (Claude's format and names; see docs/backends/droid.md), in the order
 * agentmux installs them. droid 0.225 has nine: these, SubagentStop and PreCompact (known, not
 * installed: a subagent's end and a compaction say nothing of the session's own state). It has no
 * PermissionRequest event: a permission dialog fires Notification `permission_prompt`, an AskUser
 * question `elicitation_dialog`, and a turn the user interrupts (Esc) fires no Stop but
 * Notification `idle_prompt` ("Agent stopped by user and is waiting for input").
 */
export const DROID_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "session_id") }),
  unknownNamesSession: true,
  events: {
    SessionStart: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    UserPromptSubmit: {
      install: true,
      prompt: true,
      // /quit and /exit end the session: no turn begins.
      meaning: (payload, base) => (/^\s*\/(?:exit|quit)\s*$/.test(stringField(payload, "prompt") ?? "") ? { ...base, events: [] } : { ...base, events: [{ kind: "submit" }] }),
    },
    PreToolUse: activity,
    PostToolUse: activity,
    Notification: {
      install: true,
      cause: (payload) => {
        const type = stringField(payload, "notification_type");
        if (type === "permission_prompt") return permissionCause(payload);
        if (type === "elicitation_dialog") return questionCause(payload);
        return type === "idle_prompt" ? { why: "interrupted" } : undefined;
      },
      meaning: (payload, base) => {
        const type = stringField(payload, "notification_type");
        if (type === "permission_prompt" || type === "elicitation_dialog") return { ...base, events: [{ kind: "blocked" }] };
        // The user stopped the turn: it is over, and no Stop follows.
        if (type === "idle_prompt") return { ...base, events: [{ kind: "stop" }] };
        return { ...base, events: [] };
      },
    },
    Stop: { install: true, cause: finishedCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    SessionEnd: { install: true, meaning: namesSession },
    SubagentStop: { install: false, meaning: namesSession },
    PreCompact: { install: false, meaning: namesSession },
  },
};

/** The droid hook events agentmux installs. */
export const DROID_HOOK_EVENTS: readonly string[] = installedEvents(DROID_HOOKS);

export function droidHookMeaning(event: string, payload: Payload): HookMeaning {
  return meaningOf(DROID_HOOKS, event, payload);
}
