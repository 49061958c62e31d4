import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { shellScript } from "../../util/install-dir.ts";
import { auggieHooks } from "./hooks.ts";

/** The marketplace and plugin names agentmux's Auggie plugin goes by (`agentmux-hooks@agentmux`). */
export const MARKETPLACE = "agentmux";
export const PLUGIN = "agentmux-hooks";

/** Where the marketplace holding agentmux's Auggie plugin is, under the state dir. */
export function auggiePluginDir(stateDir: string): string {
  return join(stateDir, "auggie-plugin");
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * I/O: a local plugin marketplace holding one plugin whose hooks/hooks.json runs agentmux's
 * forwarder on every event, (re)written at each launch. Auggie loads it with `--plugin-dir` and
 * enables the plugins of a directory it is given, so nothing of the user's ~/.augment is read or
 * written. Answers the marketplace's directory.
 */
export function prepareAuggiePlugin(stateDir: string, hookPath = shellScript("agentmux-hook")): string {
  const dir = auggiePluginDir(stateDir);
  const plugin = join(dir, PLUGIN);
  for (const sub of [join(dir, ".augment-plugin"), join(plugin, ".augment-plugin"), join(plugin, "hooks")]) mkdirSync(sub, { recursive: true, mode: 0o700 });
  writeFileAtomic(join(dir, ".augment-plugin", "marketplace.json"), json({
    name: MARKETPLACE, plugins: [{ name: PLUGIN, source: `./${PLUGIN}`, description: "agentmux's hooks: report this session's state to the agentmux daemon" }],
  }), 0o600);
  writeFileAtomic(join(plugin, ".augment-plugin", "plugin.json"), json({ name: PLUGIN, description: "agentmux's hooks", version: "1.0.0" }), 0o600);
  writeFileAtomic(join(plugin, "hooks", "hooks.json"), json({ hooks: auggieHooks(hookPath) }), 0o600);
  return dir;
}

/** argv with `--plugin-dir=DIR` after the program (one word: a later positional prompt is not taken for a second directory). */
export function withPluginDir(argv: readonly string[], dir: string): string[] {
  const [program, ...rest] = argv;
  return program === undefined ? [] : [program, `--plugin-dir=${dir}`, ...rest];
}
