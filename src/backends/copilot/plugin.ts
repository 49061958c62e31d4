import { join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { shellScript } from "../../util/install-dir.ts";
import { shQuote } from "../../util/sh.ts";
import { HOOK_TIMEOUT } from "../claude/hooks.ts";
import { COPILOT_HOOK_EVENTS } from "./hook-events.ts";

/** One Copilot CLI hook handler, in its own flat shape (a shell line in `bash`, seconds in `timeoutSec`). */
export interface CopilotHookHandler { type: "command"; bash: string; timeoutSec: number }

/** The flag that loads a plugin from a directory for one run (it installs nothing, and may be repeated). */
export const PLUGIN_FLAG = "--plugin-dir";

/** The plugin's name, as Copilot lists it (`/plugin list`, `/env`). */
export const PLUGIN_NAME = "agentmux";

/**
 * agentmux's handler for each Copilot event it installs: the forwarder with the event's name, its
 * path quoted for the shell. `args` go before the name (`--global --agent copilot` for the user's own settings).
 */
export function copilotHooks(hookPath: string, args: readonly string[] = []): Record<string, CopilotHookHandler[]> {
  const prefix = [shQuote(hookPath), ...args].join(" ");
  return Object.fromEntries(COPILOT_HOOK_EVENTS.map((event) => [event, [{ type: "command", bash: `${prefix} ${event}`, timeoutSec: HOOK_TIMEOUT }]]));
}

/** Where agentmux's plugin for Copilot sessions is written: one directory in the state dir, for every session. */
export function copilotPluginDir(stateDir: string): string {
  return join(stateDir, "copilot-plugin");
}

/**
 * I/O: write agentmux's plugin (plugin.json and hooks/hooks.json, rewritten at every launch so the
 * forwarder's path is the current install's); answers its directory.
 */
export function writeCopilotPlugin(stateDir: string, hookPath = shellScript("agentmux-hook")): string {
  const dir = copilotPluginDir(stateDir);
  const manifest = { name: PLUGIN_NAME, description: "agentmux: forwards this session's lifecycle events to the agentmux daemon", version: "1.0.0" };
  writeFileAtomic(join(dir, "plugin.json"), `${JSON.stringify(manifest, null, 2)}\n`, 0o600);
  writeFileAtomic(join(dir, "hooks", "hooks.json"), `${JSON.stringify({ version: 1, hooks: copilotHooks(hookPath) }, null, 2)}\n`, 0o600);
  return dir;
}

/**
 * The argv of an interactive launch with agentmux's plugin loaded: `--plugin-dir DIR` right after
 * the program. Copilot reads the user's own settings, hooks and plugins as before, so nothing of
 * theirs is edited or replaced.
 */
export function prepareCopilotArgs(argv: readonly string[], stateDir: string, hookPath?: string): string[] {
  const dir = writeCopilotPlugin(stateDir, hookPath);
  const [program = "copilot", ...rest] = argv;
  return [program, PLUGIN_FLAG, dir, ...rest];
}
