import type { JsonObject } from "../../util/json.ts";
import { HOOK_TIMEOUT } from "../claude/hooks.ts";
import { commandHooks, readSettingsFile, withHooks } from "../shared/settings-hooks.ts";
import { QWEN_HOOK_EVENTS } from "./hook-events.ts";

/** The tool events: their groups match every tool (Qwen's matcher is a tool-name pattern). */
const TOOL_EVENTS: ReadonlySet<string> = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"]);

/**
 * agentmux's group for each Qwen Code event it installs: the forwarder with the event's name
 * (Qwen runs the command through its shell; timeouts in milliseconds). `args` go before the name
 * (`--global --agent qwen` for the user's own settings).
 */
export function qwenHooks(hookPath: string, args: readonly string[] = []): Record<string, JsonObject[]> {
  return commandHooks(hookPath, QWEN_HOOK_EVENTS, {
    args,
    matcher: (event) => (TOOL_EVENTS.has(event) ? "*" : undefined),
    fields: (event) => ({ name: `agentmux-${event}`, timeout: HOOK_TIMEOUT * 1000 }),
  });
}

/** A Qwen Code settings file, parsed; {} when there is none. */
export function readQwenSettings(path: string): JsonObject {
  return readSettingsFile(path, "Qwen Code");
}

/**
 * A session's settings: the user's own, with agentmux's hook groups after theirs. Groups of
 * agentmux's already there (`init --agents`' --global ones, which would stand aside anyway) go.
 */
export function sessionSettings(user: JsonObject, hookPath: string, name = "settings.json"): JsonObject {
  return withHooks(user, qwenHooks(hookPath), name, '{"hooks": [{"type": "command", "command": "…"}]}');
}
