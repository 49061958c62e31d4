import { isJsonObject } from "../../util/json.ts";
import { hookAsk, type HookAsk } from "../shared/hook-ask.ts";
import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { finishedCause, questionCause, type Cause } from "../shared/causes.ts";
import { installedEvents, meaningOf, namesSession, type HookTable } from "../shared/hook-table.ts";

type Payload = Record<string, unknown>;

const activity = { install: true, meaning: (_payload: Payload, base: HookMeaning): HookMeaning => ({ ...base, events: [{ kind: "activity" }] }) };

/** A tool call's input: permissionRequest names it toolInput, the tool events toolArgs. */
function toolInput(payload: Payload): unknown {
  return payload["toolInput"] ?? payload["toolArgs"];
}

/** What a permission is for: the command, else the notification's words, else the tool. */
function permission(payload: Payload): Cause {
  const input = toolInput(payload);
  const command = isJsonObject(input) ? stringField(input, "command") : undefined;
  const detail = command ?? stringField(payload, "message") ?? stringField(payload, "toolName");
  return { why: "permission", detail: detail?.replace(/\s+/g, " ").trim().slice(0, 120) };
}

// notification_type of a notification that waits for the user: a permission dialog, or a question (ask_user, elicitation).
const PERMISSION_TYPES = new Set(["permission_prompt"]);
const QUESTION_TYPES = new Set(["elicitation_dialog", "ask_user", "question"]);

/**
 * Copilot CLI's hooks (camelCase event names, so the payloads are its own camelCase ones: sessionId,
 * prompt, toolName, toolArgs; see docs/backends/copilot.md), in the order agentmux installs them
 * (src/backends/copilot/plugin.ts) and prints them for `agentmux init --agents`. sessionStart
 * fires at the first prompt, not when the CLI starts. permissionRequest comes before the dialog
 * (a hook may answer it); the notification of type permission_prompt only when the dialog shows.
 */
export const COPILOT_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "sessionId") ?? stringField(payload, "session_id") }),
  unknownNamesSession: true,
  ask: copilotAsk,
  events: {
    sessionStart: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    userPromptSubmitted: {
      install: true,
      prompt: true,
      // /exit and /quit end the session: no turn begins.
      meaning: (payload, base) => (/^\s*\/(?:exit|quit)\s*$/.test(stringField(payload, "prompt") ?? "") ? { ...base, events: [] } : { ...base, events: [{ kind: "submit" }] }),
    },
    preToolUse: activity,
    postToolUse: activity,
    postToolUseFailure: activity,
    subagentStart: activity,
    permissionRequest: { install: true, cause: permission, meaning: (_payload, base) => ({ ...base, events: [{ kind: "blocked" }] }) },
    notification: {
      install: true,
      cause: (payload) => {
        const type = stringField(payload, "notification_type") ?? "";
        if (PERMISSION_TYPES.has(type)) return permission(payload);
        return QUESTION_TYPES.has(type) ? questionCause(payload) : undefined;
      },
      meaning: (payload, base) => {
        const type = stringField(payload, "notification_type") ?? "";
        return PERMISSION_TYPES.has(type) || QUESTION_TYPES.has(type) ? { ...base, events: [{ kind: "blocked" }] } : { ...base, events: [] };
      },
    },
    agentStop: { install: true, cause: finishedCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    sessionEnd: { install: true, meaning: namesSession },
    // Known, not installed: a subagent's end says nothing its parent's events do not.
    subagentStop: { install: false, meaning: namesSession },
  },
};

// Copilot's event names as the Claude-format reader of hook payloads knows them.
const CLAUDE_NAMES: Record<string, string> = { preToolUse: "PreToolUse", permissionRequest: "PermissionRequest", postToolUse: "PostToolUse", notification: "Notification", agentStop: "Stop" };

/**
 * What a Copilot hook payload tells of what the session asks: its tool fields (toolName, toolInput
 * or toolArgs, toolResult) read as Claude's (tool_name, tool_input, tool_response).
 */
export function copilotAsk(event: string, payload: Payload): HookAsk | null {
  const name = CLAUDE_NAMES[event];
  if (!name) return null;
  const tool = stringField(payload, "toolName");
  const claude: Payload = { ...payload };
  if (tool) {
    claude["tool_name"] = tool;
    claude["tool_input"] = toolInput(payload);
    if (event === "postToolUse") claude["tool_response"] = payload["toolResult"] ?? {};
  }
  return hookAsk(name, claude);
}

/** The Copilot CLI hook events agentmux installs. */
export const COPILOT_HOOK_EVENTS: readonly string[] = installedEvents(COPILOT_HOOKS);

export function copilotHookMeaning(event: string, payload: Payload): HookMeaning {
  return meaningOf(COPILOT_HOOKS, event, payload);
}
