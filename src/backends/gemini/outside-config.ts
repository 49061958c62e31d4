import type { HookScripts } from "../shared/types.ts";
import { geminiHooks } from "./settings.ts";

/** `init --agents`: Gemini CLI's hooks for its user settings. */
export function geminiOutsideConfig({ hook }: HookScripts): string[] {
  // --global: these stand aside in sessions agentmux started, which carry the same hooks of their own.
  const gemini = { hooks: geminiHooks(hook, ["--global", "--agent", "gemini"]) };
  return ["## Gemini CLI: merge into ~/.gemini/settings.json (timeouts are in milliseconds)", JSON.stringify(gemini, null, 2), ""];
}
