import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AgentmuxError } from "../../util/errors.ts";
import { installDir, shellScript } from "../../util/install-dir.ts";
import { isJsonObject, type JsonObject } from "../../util/json.ts";

type Env = Record<string, string | undefined>;

/**
 * For opencode and its forks (Kilo): a config given inline in a variable of the CLI's own
 * (OPENCODE_CONFIG_CONTENT, KILO_CONFIG_CONTENT), merged after the user's and the project's files
 * with plugin lists appended, loads agentmux's plugin into one session. Nothing of the user's is
 * edited or replaced.
 */
export interface InlinePlugin {
  /** The CLI's variable for an inline config. */
  variable: string;
  /** The CLI's name in messages. */
  label: string;
  /** agentmux's name for the CLI, which the plugin forwards its events under (--agent). */
  agent: string;
}

/** The plugin shipped with agentmux: plain JavaScript, no dependencies, so nothing is installed at start. */
export function pluginPath(): string {
  return join(installDir(), "etc", "opencode", "agentmux.js");
}

function isAgentmuxPlugin(entry: unknown): boolean {
  const spec = Array.isArray(entry) ? entry[0] : entry;
  return typeof spec === "string" && /\/etc\/(?:opencode|kilo)\/agentmux\.js$/.test(spec);
}

/** The user's own inline config, parsed; {} when unset. */
export function readInlineConfig(cli: InlinePlugin, text: string | undefined): JsonObject {
  if (text === undefined || text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AgentmuxError(`${cli.variable} is not valid JSON: ${(error as Error).message}`, {
      hint: "agentmux adds its plugin to this config; make it plain JSON (no comments), or unset it",
    });
  }
  if (!isJsonObject(parsed)) throw new AgentmuxError(`${cli.variable} is not a JSON object`, { hint: `${cli.label} config is one JSON object, e.g. {"model": "anthropic/claude-sonnet-4-5"}` });
  return parsed;
}

/**
 * The inline config for one session: the user's own (if any) with agentmux's plugin after their
 * plugins, given the forwarder's path and the agent's name as its options (a copy of ours
 * inherited from a session this one was started in is replaced).
 */
export function inlineSessionConfig(cli: InlinePlugin, inherited: JsonObject, plugin: string, hookPath: string): JsonObject {
  const plugins = inherited["plugin"] ?? [];
  if (!Array.isArray(plugins)) throw new AgentmuxError(`${cli.variable}: "plugin" is not a list`, { hint: 'write plugins as {"plugin": ["name", "file:///path/plugin.js"]}' });
  const ours = [pathToFileURL(plugin).href, { hook: hookPath, agent: cli.agent }];
  return { ...inherited, plugin: [...plugins.filter((p) => !isAgentmuxPlugin(p)), ours] };
}

export interface InlinePrepareRequest { env?: Env; pluginPath?: string; hookPath?: string }

/** The environment that loads agentmux's plugin into one session of the CLI. */
export function prepareInlinePlugin(cli: InlinePlugin, request: InlinePrepareRequest = {}): Record<string, string> {
  const inherited = readInlineConfig(cli, (request.env ?? process.env)[cli.variable]);
  const content = inlineSessionConfig(cli, inherited, request.pluginPath ?? pluginPath(), request.hookPath ?? shellScript("agentmux-hook"));
  return { [cli.variable]: JSON.stringify(content) };
}
