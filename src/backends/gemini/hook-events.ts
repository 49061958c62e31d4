import { stringField, type HookMeaning } from "../shared/hook-meaning.ts";
import { finishedCause, permissionCause } from "../shared/causes.ts";
import { installedEvents, meaningOf, type HookTable } from "../shared/hook-table.ts";
import { geminiRecordedAnswer } from "./transcript.ts";

const activity = { meaning: (_payload: Record<string, unknown>, base: HookMeaning): HookMeaning => ({ ...base, events: [{ kind: "activity" }] }) };

/**
 * Gemini CLI's hooks (settings.json `hooks`, timeouts in ms; see docs/backends/gemini.md), in the
 * order agentmux installs them for its sessions (src/backends/gemini/settings.ts) and for
 * `agentmux init --agents`. AfterModel, BeforeModel and BeforeToolSelection are known too but not
 * installed: AfterModel fires once per streamed chunk, and the other two repeat what BeforeAgent
 * and BeforeTool already say.
 */
export const GEMINI_HOOKS: HookTable = {
  base: (payload) => ({ sessionId: stringField(payload, "session_id") }),
  unknownNamesSession: true,
  recordedAnswer: geminiRecordedAnswer,
  events: {
    SessionStart: { install: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "started" }] }) },
    BeforeAgent: { install: true, prompt: true, meaning: (_payload, base) => ({ ...base, events: [{ kind: "submit" }] }) },
    BeforeTool: { install: true, ...activity },
    AfterTool: { install: true, ...activity },
    AfterAgent: { install: true, cause: finishedCause, meaning: (_payload, base) => ({ ...base, events: [{ kind: "stop" }] }) },
    Notification: { install: true, cause: (payload) => (stringField(payload, "notification_type") === "ToolPermission" ? permissionCause(payload) : undefined), meaning: (payload, base) => ({ ...base, events: stringField(payload, "notification_type") === "ToolPermission" ? [{ kind: "blocked" }] : [] }) },
    BeforeModel: { install: false, ...activity },
    AfterModel: { install: false, ...activity },
    BeforeToolSelection: { install: false, ...activity },
  },
};

/** The Gemini CLI hook events agentmux installs. */
export const GEMINI_HOOK_EVENTS: readonly string[] = installedEvents(GEMINI_HOOKS);

export function geminiHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  return meaningOf(GEMINI_HOOKS, event, payload);
}
