import type { HookScripts } from "../shared/types.ts";
import { auggieHooks } from "./hooks.ts";

/** `init --agents`: Auggie's hooks for its user settings. */
export function auggieOutsideConfig({ hook }: HookScripts): string[] {
  // --global: these stand aside in sessions agentmux started, which carry the same hooks in a plugin of their own.
  const auggie = { hooks: auggieHooks(hook, ["--global", "--agent", "auggie"]) };
  return [
    "## Auggie: merge into ~/.augment/settings.json (run without a shell: the command is the path, the words are args; timeouts in milliseconds)",
    JSON.stringify(auggie, null, 2),
    "",
  ];
}
