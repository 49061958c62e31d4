import { BACKENDS, BACKEND_NAMES } from "./index.ts";
import { shellScript } from "../util/install-dir.ts";

/** The command an agent CLI runs to start agentmux's MCP server (docs/mcp.md). */
export const MCP_COMMAND = ["agentmux", "mcp"] as const;

/** The configuration to paste into each agent CLI, for sessions started outside agentmux (each backend's outsideConfig), and the MCP server's registration. */
export function agentsConfig(hook = shellScript("agentmux-hook"), statusLine = shellScript("agentmux-statusline")): string {
  return [
    "# agentmux: hooks for agent sessions started outside agentmux (inside tmux).",
    "# Sessions started with `agentmux new` get all of this by themselves.",
    "",
    ...BACKEND_NAMES.flatMap((name) => BACKENDS[name].outsideConfig?.({ hook, statusLine }) ?? []),
    "# agentmux's MCP server: agents drive other sessions through tools (docs/mcp.md).",
    "",
    ...BACKEND_NAMES.flatMap((name) => BACKENDS[name].mcp?.printed(MCP_COMMAND) ?? []),
  ].join("\n");
}

/**
 * `init --mcp [--undo] [--project DIR]`: agentmux's MCP server registered (or removed) in the user
 * config of each CLI whose config agentmux edits itself (the others' commands are printed by
 * `init --agents`), or with a project directory, in the project files of the CLIs that have one.
 * Answers one line per change, and the lines to run for the CLIs left to their own command.
 */
export function registerMcpServers(env: Record<string, string | undefined>, undo: boolean, projectDir?: string): { changes: string[]; byHand: string[] } {
  const changes: string[] = [];
  const byHand: string[] = [];
  for (const name of BACKEND_NAMES) {
    const mcp = BACKENDS[name].mcp;
    if (!mcp) continue;
    if (projectDir !== undefined) {
      // For one project: the CLIs with a project file of their own; the others are said to have none.
      if (mcp.project) {
        const change = undo ? mcp.project.remove(projectDir) : mcp.project.add(projectDir, MCP_COMMAND);
        if (change) changes.push(change);
      } else {
        byHand.push(`${BACKENDS[name].label}: no per-project MCP configuration; agentmux init --mcp registers it for the user`);
      }
      continue;
    }
    if (mcp.add && mcp.remove) {
      const change = undo ? mcp.remove(env) : mcp.add(MCP_COMMAND, env);
      if (change) changes.push(change);
    } else if (mcp.command) {
      byHand.push(`${BACKENDS[name].label}: run ${mcp.command(MCP_COMMAND, undo)}`);
    }
  }
  return { changes, byHand };
}
