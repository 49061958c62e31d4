import type { Command } from "commander";
import { agentsConfig } from "../backends/agents-config.ts";
import { block, out, shown } from "../util/terminal-text.ts";

export function registerInit(program: Command): void {
  program
    .command("init")
    .description("print configuration to paste into agent CLIs")
    .option("--agents", "the hooks for Claude Code, Codex, Gemini CLI and opencode")
    .action((options: { agents?: boolean }) => {
      if (!options.agents) {
        out(shown`agentmux init --agents prints the hooks to paste into Claude Code, Codex, Gemini CLI and opencode\n`);
        return;
      }
      out(block(agentsConfig()));
    });
}
