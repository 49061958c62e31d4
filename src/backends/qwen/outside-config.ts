import type { HookScripts } from "../shared/types.ts";
import { qwenHooks } from "./settings.ts";

/** `init --agents`: Qwen Code's hooks for its user settings. */
export function qwenOutsideConfig({ hook }: HookScripts): string[] {
  // --global: these stand aside in sessions agentmux started, which carry the same hooks of their own.
  const qwen = { hooks: qwenHooks(hook, ["--global", "--agent", "qwen"]) };
  return ["## Qwen Code: merge into ~/.qwen/settings.json (timeouts are in milliseconds)", JSON.stringify(qwen, null, 2), ""];
}
