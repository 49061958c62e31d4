import { readFileSync } from "node:fs";
import { AgentmuxError } from "../../util/errors.ts";
import { isJsonObject, jsonErrorPlace, type JsonObject } from "../../util/json.ts";
import { shQuote } from "../../util/sh.ts";
import { isAgentmuxCommand } from "../claude/hooks.ts";

/**
 * Hooks in a CLI's JSON settings file, in the shape Claude Code made common (Gemini CLI, Qwen
 * Code, Auggie, droid and others read it): `hooks: {Event: [{matcher?, hooks: [{type: "command",
 * command, timeout?}]}]}`.
 */

/** How agentmux's groups are written for one CLI. */
export interface CommandHookOptions {
  /** Words after the forwarder's path, before the event's name (`--global --agent gemini`). */
  args?: readonly string[];
  /** The matcher of an event's group; undefined: none (every event matches). */
  matcher?: (event: string) => string | undefined;
  /** More fields of each handler (a timeout in the CLI's unit, a name). */
  fields?: (event: string) => JsonObject;
}

/** agentmux's group for each event: the forwarder `<hook path> [args] EVENT`, its path quoted for the shell. */
export function commandHooks(hookPath: string, events: readonly string[], options: CommandHookOptions = {}): Record<string, JsonObject[]> {
  const prefix = [shQuote(hookPath), ...(options.args ?? [])].join(" ");
  return Object.fromEntries(events.map((event) => {
    const handler: JsonObject = { type: "command", command: `${prefix} ${event}`, ...(options.fields?.(event) ?? {}) };
    const matcher = options.matcher?.(event);
    return [event, [matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] }]];
  }));
}

/**
 * Whether a hook entry is agentmux's: a group whose handlers all run one of agentmux's helpers,
 * or a handler that does itself (`command`, or `bash` as Copilot CLI writes it).
 */
export function isAgentmuxEntry(entry: unknown): boolean {
  if (!isJsonObject(entry)) return false;
  const hooks = entry["hooks"];
  if (Array.isArray(hooks)) return hooks.length > 0 && hooks.every(isAgentmuxEntry);
  return isAgentmuxCommand(entry["command"]) || isAgentmuxCommand(entry["bash"]);
}

/** A CLI's JSON settings file, parsed; {} when there is none or it is empty. label names the CLI in errors. */
export function readSettingsFile(path: string, label: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return {};
    throw new AgentmuxError(`${label} settings ${path} cannot be read (${code ?? String(error)})`, { hint: "fix the file's permissions" });
  }
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AgentmuxError(`${label} settings ${path}${jsonErrorPlace(text, error)}: not valid JSON`, {
      hint: "agentmux gives its sessions these settings plus its hooks; make the file plain JSON (no comments)",
    });
  }
  if (!isJsonObject(parsed)) throw new AgentmuxError(`${label} settings ${path}: not a JSON object`, { hint: `${label} settings are one JSON object` });
  return parsed;
}

/**
 * Settings with agentmux's hook entries after the user's own, event by event. Entries of
 * agentmux's already there (`init --agents`' --global ones, which stand aside in agentmux's
 * sessions anyway) go. name (the file) and example (one event's entry, as JSON) go in the error
 * for a `hooks` that is not a map of lists.
 */
export function withHooks(user: JsonObject, ours: Record<string, unknown[]>, name: string, example: string): JsonObject {
  const hooks = user["hooks"] ?? {};
  if (!isJsonObject(hooks) || !Object.values(hooks).every(Array.isArray)) {
    throw new AgentmuxError(`${name}: "hooks" is not a map of event names to lists`, { hint: `write hooks as {"${Object.keys(ours)[0] ?? "Stop"}": [${example}]}` });
  }
  const next: JsonObject = {};
  for (const [event, entries] of Object.entries(hooks)) next[event] = (entries as unknown[]).filter((e) => !isAgentmuxEntry(e));
  for (const [event, entries] of Object.entries(ours)) next[event] = [...((next[event] as unknown[] | undefined) ?? []), ...entries];
  return { ...user, hooks: next };
}
