import type { HookScripts } from "../shared/types.ts";
import { copilotHooks } from "./plugin.ts";

/** `init --agents`: Copilot CLI's hooks for its user settings. */
export function copilotOutsideConfig({ hook }: HookScripts): string[] {
  // --global: these stand aside in sessions agentmux started, which load the same hooks from agentmux's plugin.
  const copilot = { hooks: copilotHooks(hook, ["--global", "--agent", "copilot"]) };
  return ["## GitHub Copilot CLI: merge into ~/.copilot/settings.json (or $COPILOT_HOME/settings.json; timeouts are in seconds)", JSON.stringify(copilot, null, 2), ""];
}
