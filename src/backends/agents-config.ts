import { agentmuxHooks, agentmuxStatusLine } from "./claude/hooks.ts";
import { agentmuxCodexHooks } from "./codex/hooks.ts";
import { NOTIFY_SCRIPT } from "./codex/config.ts";
import { geminiHooks } from "./gemini/settings.ts";
import { installDir, shellScript } from "../util/install-dir.ts";
import { shQuote } from "../util/sh.ts";
import { join } from "node:path";

/** The configuration to paste into each agent CLI, for sessions started outside agentmux. */
export function agentsConfig(hook = shellScript("agentmux-hook"), statusLine = shellScript("agentmux-statusline")): string {
  const claude = { hooks: agentmuxHooks(hook, ["--global"]), statusLine: agentmuxStatusLine(statusLine) };
  const codex = { hooks: Object.fromEntries(Object.entries(agentmuxCodexHooks(hook)).map(([event, group]) => [event, [group]])) };
  // --global: these stand aside in sessions agentmux started, which carry the same hooks of their own.
  const gemini = { hooks: geminiHooks(hook, ["--global", "--agent", "gemini"]) };
  const plugin = join(installDir(), "etc", "opencode", "agentmux.js");
  return [
    "# agentmux: hooks for agent sessions started outside agentmux (inside tmux).",
    "# Sessions started with `agentmux new` get all of this by themselves.",
    "",
    "## Claude Code: merge into ~/.claude/settings.json (or run: agentmux setup claude --global)",
    JSON.stringify(claude, null, 2),
    "",
    "## Codex: merge into ~/.codex/hooks.json (agentmux new --backend codex writes these, and trusts them)",
    JSON.stringify(codex, null, 2),
    "## ... and in ~/.codex/config.toml (a notify you have goes after it, as its arguments):",
    `notify = [${JSON.stringify(shellScript(NOTIFY_SCRIPT))}]`,
    "",
    "## Gemini CLI: merge into ~/.gemini/settings.json (timeouts are in milliseconds)",
    JSON.stringify(gemini, null, 2),
    "",
    "## opencode: install the plugin that forwards its session events",
    `mkdir -p ~/.config/opencode/plugin && cp ${shQuote(plugin)} ~/.config/opencode/plugin/agentmux.js`,
    `## ... with AGENTMUX_HOOK=${shQuote(hook)} in opencode's environment (or agentmux-hook on PATH)`,
    "",
  ].join("\n");
}

