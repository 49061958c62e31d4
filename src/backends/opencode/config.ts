import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AgentmuxError } from "../../util/errors.ts";
import { installDir, shellScript } from "../../util/install-dir.ts";
import { isJsonObject, type JsonObject } from "../../util/json.ts";

type Env = Record<string, string | undefined>;

/** opencode's variable for a config given inline, merged after the user's and the project's files. */
export const CONTENT_VARIABLE = "OPENCODE_CONFIG_CONTENT";

/** The plugin shipped with agentmux: plain JavaScript, no dependencies, so nothing is installed at start. */
export function opencodePluginPath(): string {
  return join(installDir(), "etc", "opencode", "agentmux.js");
}

function isAgentmuxPlugin(entry: unknown): boolean {
  const spec = Array.isArray(entry) ? entry[0] : entry;
  return typeof spec === "string" && /\/etc\/opencode\/agentmux\.js$/.test(spec);
}

/** The user's own OPENCODE_CONFIG_CONTENT, parsed; {} when unset. */
export function readInheritedContent(text: string | undefined): JsonObject {
  if (text === undefined || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AgentmuxError(`${CONTENT_VARIABLE} is not valid JSON: ${(error as Error).message}`, {
      hint: "agentmux adds its plugin to this config; make it plain JSON (no comments), or unset it",
    });
  }
  if (!isJsonObject(parsed)) throw new AgentmuxError(`${CONTENT_VARIABLE} is not a JSON object`, { hint: 'opencode config is one JSON object, e.g. {"model": "anthropic/claude-sonnet-4-5"}' });
  return parsed;
}

/**
 * The inline config for one session: the user's own OPENCODE_CONFIG_CONTENT (if any) with
 * agentmux's plugin, given the forwarder's path as its option, after their plugins (a copy of ours
 * inherited from a session this one was started in is replaced).
 */
export function sessionContent(inherited: JsonObject, pluginPath: string, hookPath: string): JsonObject {
  const plugins = inherited["plugin"] ?? [];
  if (!Array.isArray(plugins)) throw new AgentmuxError(`${CONTENT_VARIABLE}: "plugin" is not a list`, { hint: 'write plugins as {"plugin": ["name", "file:///path/plugin.js"]}' });
  const ours = [pathToFileURL(pluginPath).href, { hook: hookPath }];
  return { ...inherited, plugin: [...plugins.filter((p) => !isAgentmuxPlugin(p)), ours] };
}

export interface OpencodePrepareRequest { env?: Env; pluginPath?: string; hookPath?: string }

/**
 * The environment that loads agentmux's plugin into one opencode session: OPENCODE_CONFIG_CONTENT.
 * opencode still reads the user's global config, OPENCODE_CONFIG and the project's files, and merges
 * plugin lists, so nothing of theirs is edited or replaced.
 */
export function prepareOpencodeEnv(request: OpencodePrepareRequest = {}): Record<string, string> {
  const inherited = readInheritedContent((request.env ?? process.env)[CONTENT_VARIABLE]);
  const content = sessionContent(inherited, request.pluginPath ?? opencodePluginPath(), request.hookPath ?? shellScript("agentmux-hook"));
  return { [CONTENT_VARIABLE]: JSON.stringify(content) };
}
