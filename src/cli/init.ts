import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { agentsConfig, registerMcpServers } from "../backends/agents-config.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { block, out, shown } from "../util/terminal-text.ts";

export function registerInit(program: Command): void {
  program
    .command("init")
    .description("print configuration to paste into agent CLIs; --mcp: register agentmux's MCP server with them")
    .option("--agents", "the hooks for Claude Code, Codex, Gemini CLI and opencode, and the MCP server's registration")
    .option("--mcp", "register `agentmux mcp` in the user config of the CLIs agentmux edits (Codex's config.toml); print the others' commands")
    .option("--undo", "with --mcp: remove what --mcp registered")
    .option("--project [dir]", "with --mcp: for one project only (Claude Code's .mcp.json at DIR, default: this directory)")
    .action((options: { agents?: boolean; mcp?: boolean; undo?: boolean; project?: string | true }) => {
      if (options.undo && !options.mcp) throw new AgentmuxError("--undo goes with --mcp", { hint: "agentmux init --mcp --undo", exitCode: EXIT.usage });
      if (options.project !== undefined && !options.mcp) throw new AgentmuxError("--project goes with --mcp", { hint: "agentmux init --mcp --project [DIR]", exitCode: EXIT.usage });
      if (options.mcp) {
        const project = options.project === undefined ? undefined : resolve(options.project === true ? "." : options.project);
        if (project !== undefined && !isDirectory(project)) throw new AgentmuxError(`--project ${project}: no such directory`, { hint: "name the project's top directory", exitCode: EXIT.usage });
        const { changes, byHand } = registerMcpServers(process.env, options.undo === true, project);
        for (const line of changes) out(shown`${line}\n`);
        if (changes.length === 0) out(options.undo ? shown`agentmux's MCP server was not registered in any config agentmux edits\n` : shown`agentmux's MCP server was registered already\n`);
        if (byHand.length > 0) out(shown`${block(byHand.join("\n"))}\n`);
        return;
      }
      if (!options.agents) {
        out(shown`agentmux init --agents prints the hooks to paste into Claude Code, Codex, Gemini CLI and opencode, and how to register agentmux's MCP server\n`);
        return;
      }
      out(block(agentsConfig()));
    });
}

function isDirectory(path: string): boolean {
  try { return statSync(path).isDirectory(); } catch { return false; }
}
