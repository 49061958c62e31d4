import { readFileSync } from "node:fs";
import { AgentmuxError } from "../../util/errors.ts";
import { isJsonObject, jsonErrorPlace, type JsonObject } from "../../util/json.ts";
import { shQuote } from "../../util/sh.ts";
import { HOOK_TIMEOUT, isAgentmuxCommand } from "../claude/hooks.ts";
import { GEMINI_HOOK_EVENTS } from "./hook-events.ts";

export interface GeminiHookHandler { type: "command"; name: string; command: string; timeout: number }
export interface GeminiHookGroup { matcher?: string; hooks: GeminiHookHandler[] }

/**
 * agentmux's group for each Gemini event it installs: the forwarder with the event's name.
 * `args` go before the name (`--global --agent gemini` for the user's own settings).
 */
export function geminiHooks(hookPath: string, args: readonly string[] = []): Record<string, GeminiHookGroup[]> {
  const prefix = [shQuote(hookPath), ...args].join(" ");
  return Object.fromEntries(GEMINI_HOOK_EVENTS.map((event) => {
    const hooks = [{ type: "command" as const, name: `agentmux-${event}`, command: `${prefix} ${event}`, timeout: HOOK_TIMEOUT * 1000 }];
    return [event, [event.endsWith("Tool") ? { matcher: "*", hooks } : { hooks }]];
  }));
}

/** A Gemini settings file, parsed; {} when there is none. */
export function readGeminiSettings(path: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return {};
    throw new AgentmuxError(`Gemini CLI settings ${path} cannot be read (${code ?? String(error)})`, { hint: "fix the file's permissions" });
  }
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AgentmuxError(`Gemini CLI settings ${path}${jsonErrorPlace(text, error)}: not valid JSON`, {
      hint: "agentmux gives its sessions these settings plus its hooks; make the file plain JSON (no comments)",
    });
  }
  if (!isJsonObject(parsed)) throw new AgentmuxError(`Gemini CLI settings ${path}: not a JSON object`, { hint: "Gemini settings are one JSON object" });
  return parsed;
}

function isAgentmuxGroup(group: unknown): boolean {
  if (!isJsonObject(group) || !Array.isArray(group["hooks"]) || group["hooks"].length === 0) return false;
  return group["hooks"].every((hook) => isJsonObject(hook) && isAgentmuxCommand(hook["command"]));
}

/**
 * A session's settings: the user's own, with agentmux's hook groups after theirs. Groups of
 * agentmux's already there (`init --agents`' --global ones, which would stand aside anyway) go.
 */
export function sessionSettings(user: JsonObject, hookPath: string, name = "settings.json"): JsonObject {
  const hooks = user["hooks"] ?? {};
  if (!isJsonObject(hooks) || !Object.values(hooks).every(Array.isArray)) {
    throw new AgentmuxError(`${name}: "hooks" is not a map of event names to lists`, { hint: 'write hooks as {"AfterAgent": [{"hooks": [{"type": "command", "command": "…"}]}]}' });
  }
  const next: JsonObject = {};
  for (const [event, groups] of Object.entries(hooks)) next[event] = (groups as unknown[]).filter((g) => !isAgentmuxGroup(g));
  for (const [event, groups] of Object.entries(geminiHooks(hookPath))) next[event] = [...((next[event] as unknown[] | undefined) ?? []), ...groups];
  return { ...user, hooks: next };
}
