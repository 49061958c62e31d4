import type { JsonObject } from "../../util/json.ts";
import { HOOK_TIMEOUT } from "../claude/hooks.ts";
import { commandHooks, readSettingsFile, withHooks } from "../shared/settings-hooks.ts";
import { GEMINI_HOOK_EVENTS } from "./hook-events.ts";

export interface GeminiHookHandler { type: "command"; name: string; command: string; timeout: number }
export interface GeminiHookGroup { matcher?: string; hooks: GeminiHookHandler[] }

/**
 * agentmux's group for each Gemini event it installs: the forwarder with the event's name (timeouts
 * in milliseconds; the tool events match every tool). `args` go before the name (`--global --agent
 * gemini` for the user's own settings).
 */
export function geminiHooks(hookPath: string, args: readonly string[] = []): Record<string, GeminiHookGroup[]> {
  return commandHooks(hookPath, GEMINI_HOOK_EVENTS, {
    args,
    matcher: (event) => (event.endsWith("Tool") ? "*" : undefined),
    fields: (event) => ({ name: `agentmux-${event}`, timeout: HOOK_TIMEOUT * 1000 }),
  }) as unknown as Record<string, GeminiHookGroup[]>;
}

/** A Gemini settings file, parsed; {} when there is none. */
export function readGeminiSettings(path: string): JsonObject {
  return readSettingsFile(path, "Gemini CLI");
}

/**
 * A session's settings: the user's own, with agentmux's hook groups after theirs. Groups of
 * agentmux's already there (`init --agents`' --global ones, which would stand aside anyway) go.
 */
export function sessionSettings(user: JsonObject, hookPath: string, name = "settings.json"): JsonObject {
  return withHooks(user, geminiHooks(hookPath), name, '{"hooks": [{"type": "command", "command": "…"}]}');
}
