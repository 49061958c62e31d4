import { existsSync } from "node:fs";
import type { TmuxServer } from "../tmux/server.ts";
import { Tmux } from "../tmux/tmux.ts";
import { EXIT, isAgentmuxError } from "../util/errors.ts";
import { DEFAULT_SETTINGS, type SwitcherSettings } from "../switcher/picker.ts";
import { openSwitcher } from "../switcher/open.ts";

/**
 * `agentmux switch` without the full CLI: it opens in a popup on a key press, and commander,
 * execa and the config loader would more than double its start-up. Anything this parser does
 * not recognise (--help, a typo) goes to the full CLI instead.
 */
export function parseFastSwitch(args: readonly string[]): { server: TmuxServer; client?: string } | null {
  const server: TmuxServer = {};
  let client: string | undefined;
  let command: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = () => args[++i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (command === undefined && (flag === "-L" || flag === "--socket-name")) server.socketName = inline ?? value();
    else if (command === undefined && (flag === "-S" || flag === "--socket-path")) server.socketPath = inline ?? value();
    else if (command === undefined && !arg.startsWith("-")) command = arg;
    else if (command === "switch" && flag === "--client") client = inline ?? value();
    else return null;
  }
  if (command !== "switch" || (server.socketName === undefined && args.includes("-L")) || (server.socketPath === undefined && args.includes("-S"))) return null;
  return client === undefined ? { server } : { server, client };
}

/** The switcher's config: read only when a config file exists (the YAML loader costs start-up time). */
export async function switcherSettings(): Promise<SwitcherSettings> {
  const { places } = await import("../util/paths.ts");
  const file = process.env["AGENTMUX_CONFIG"] || places().configFile;
  if (!existsSync(file)) return DEFAULT_SETTINGS;
  const { loadConfig } = await import("../config/config.ts");
  const config = loadConfig();
  const quota = config.display.quota ? (await import("../accounts/quota.ts")).cachedQuotaLookup(config, places().stateDir) : null;
  return { ...config.switcher, backendSuffix: config.display.backendSuffix, stats: config.stats.command ?? null, quota };
}

/** Run `agentmux switch` if that is what argv asks for; false hands argv to the full CLI. */
export async function runFast(argv: readonly string[]): Promise<boolean> {
  const parsed = parseFastSwitch(argv.slice(2));
  if (!parsed) return false;
  try {
    await openSwitcher({ tmux: new Tmux(parsed.server), server: parsed.server, client: parsed.client, settings: switcherSettings });
  } catch (error) {
    process.stderr.write(`agentmux: ${isAgentmuxError(error) ? error.oneLine() : String(error instanceof Error ? error.stack : error)}\n`);
    process.exitCode = isAgentmuxError(error) ? error.exitCode : EXIT.unexpected;
  }
  return true;
}
