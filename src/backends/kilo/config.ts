import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AgentmuxError } from "../../util/errors.ts";
import { installDir, shellScript } from "../../util/install-dir.ts";
import { isJsonObject, type JsonObject } from "../../util/json.ts";

type Env = Record<string, string | undefined>;

/**
 * Kilo's variable for a config given inline (opencode's OPENCODE_CONFIG_CONTENT, renamed): read
 * after the user's global config, KILO_CONFIG and the project's files, its plugins appended to theirs.
 */
export const KILO_CONTENT_VARIABLE = "KILO_CONFIG_CONTENT";

/** The plugin shipped with agentmux: plain JavaScript, no dependencies, so nothing is installed at start. */
export function kiloPluginPath(): string {
  return join(installDir(), "etc", "kilo", "agentmux.js");
}

function isAgentmuxPlugin(entry: unknown): boolean {
  const spec = Array.isArray(entry) ? entry[0] : entry;
  return typeof spec === "string" && /\/etc\/kilo\/agentmux\.js$/.test(spec);
}

/** The user's own KILO_CONFIG_CONTENT, parsed; {} when unset. */
export function readKiloContent(text: string | undefined): JsonObject {
  if (text === undefined || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AgentmuxError(`${KILO_CONTENT_VARIABLE} is not valid JSON: ${(error as Error).message}`, {
      hint: "agentmux adds its plugin to this config; make it plain JSON (no comments), or unset it",
    });
  }
  if (!isJsonObject(parsed)) throw new AgentmuxError(`${KILO_CONTENT_VARIABLE} is not a JSON object`, { hint: 'Kilo config is one JSON object, e.g. {"model": "anthropic/claude-sonnet-4-5"}' });
  return parsed;
}

/**
 * The inline config for one session: the user's own KILO_CONFIG_CONTENT (if any) with agentmux's
 * plugin, given the forwarder's path as its option, after their plugins (a copy of ours inherited
 * from a session this one was started in is replaced).
 */
export function kiloSessionContent(inherited: JsonObject, pluginPath: string, hookPath: string): JsonObject {
  const plugins = inherited["plugin"] ?? [];
  if (!Array.isArray(plugins)) throw new AgentmuxError(`${KILO_CONTENT_VARIABLE}: "plugin" is not a list`, { hint: 'write plugins as {"plugin": ["name", "file:///path/plugin.js"]}' });
  const ours = [pathToFileURL(pluginPath).href, { hook: hookPath }];
  return { ...inherited, plugin: [...plugins.filter((p) => !isAgentmuxPlugin(p)), ours] };
}

export interface KiloPrepareRequest { env?: Env; pluginPath?: string; hookPath?: string }

/**
 * The environment that loads agentmux's plugin into one Kilo session: KILO_CONFIG_CONTENT. Kilo
 * still reads ~/.config/kilo, KILO_CONFIG and the project's files, and merges plugin lists, so
 * nothing of the user's is edited or replaced.
 */
export function prepareKiloEnv(request: KiloPrepareRequest = {}): Record<string, string> {
  const inherited = readKiloContent((request.env ?? process.env)[KILO_CONTENT_VARIABLE]);
  const content = kiloSessionContent(inherited, request.pluginPath ?? kiloPluginPath(), request.hookPath ?? shellScript("agentmux-hook"));
  return { [KILO_CONTENT_VARIABLE]: JSON.stringify(content) };
}
