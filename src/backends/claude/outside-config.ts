import type { HookScripts } from "../shared/types.ts";
import { agentmuxHooks, agentmuxStatusLine } from "./hooks.ts";

/** `init --agents`: Claude Code's hooks and status line for its user settings. */
export function claudeOutsideConfig({ hook, statusLine }: HookScripts): string[] {
  const claude = { hooks: agentmuxHooks(hook, ["--global"]), statusLine: agentmuxStatusLine(statusLine) };
  return ["## Claude Code: merge into ~/.claude/settings.json (or run: agentmux setup claude --global)", JSON.stringify(claude, null, 2), ""];
}
