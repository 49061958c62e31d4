import { spawnSync } from "node:child_process";
import { which } from "../../util/which.ts";
import { addProjectServer, removeProjectServer } from "./mcp-project.ts";
import type { McpRegistration } from "../shared/types.ts";

/** Claude Code keeps its MCP servers in its own ~/.claude.json, which it rewrites as it runs: `claude mcp add` is the way in. */
export const claudeMcp: McpRegistration = {
  printed: (command) => [
    "## Claude Code: agentmux's MCP server (docs/mcp.md), for every project",
    claudeMcpCommand(command, false),
    `## ... and to remove it: ${claudeMcpCommand(command, true)}`,
    "",
  ],
  command: (command, undo) => claudeMcpCommand(command, undo),
  args: (command, undo) => claudeMcpArgs(command, undo),
  project: { add: addProjectServer, remove: removeProjectServer },
  registered(env) {
    const program = which("claude", env["PATH"] ?? "");
    if (!program) return null;
    const run = spawnSync(program, ["mcp", "get", "agentmux"], { env: env as NodeJS.ProcessEnv, stdio: "ignore", timeout: 15_000 });
    return run.status === 0;
  },
};

/** The words after `claude` that register agentmux's server for the user (or with undo, remove it). */
function claudeMcpArgs(command: readonly string[], undo: boolean): string[] {
  return undo ? ["mcp", "remove", "--scope", "user", "agentmux"] : ["mcp", "add", "--scope", "user", "agentmux", "--", ...command];
}

function claudeMcpCommand(command: readonly string[], undo: boolean): string {
  return ["claude", ...claudeMcpArgs(command, undo)].join(" ");
}
