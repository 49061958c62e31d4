import type { HookScripts } from "../shared/types.ts";
import { droidHooks } from "./settings.ts";

/** `init --agents`: droid's hooks for its user settings. */
export function droidOutsideConfig({ hook }: HookScripts): string[] {
  // --global: these stand aside in sessions agentmux started, which carry the same hooks of their own.
  const droid = { hooks: droidHooks(hook, ["--global", "--agent", "droid"]) };
  return ["## droid (Factory): merge into ~/.factory/settings.json (timeouts are in seconds)", JSON.stringify(droid, null, 2), ""];
}
