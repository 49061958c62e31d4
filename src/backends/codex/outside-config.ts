import type { HookScripts } from "../shared/types.ts";
import { shellScript } from "../../util/install-dir.ts";
import { NOTIFY_SCRIPT } from "./config.ts";
import { agentmuxCodexHooks } from "./hooks.ts";

/** `init --agents`: Codex's hooks.json entries and its notify program. */
export function codexOutsideConfig({ hook }: HookScripts): string[] {
  const codex = { hooks: Object.fromEntries(Object.entries(agentmuxCodexHooks(hook)).map(([event, group]) => [event, [group]])) };
  return [
    "## Codex: merge into ~/.codex/hooks.json (agentmux new --backend codex writes these, and trusts them)",
    JSON.stringify(codex, null, 2),
    "## ... and in ~/.codex/config.toml (a notify you have goes after it, as its arguments):",
    `notify = [${JSON.stringify(shellScript(NOTIFY_SCRIPT))}]`,
    "",
  ];
}
