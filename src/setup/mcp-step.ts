import { spawnSync } from "node:child_process";
import { MCP_COMMAND } from "../backends/agents-config.ts";
import { BACKEND_NAMES, BACKENDS } from "../backends/index.ts";
import type { SetupStep } from "../backends/shared/types.ts";
import { which } from "../util/which.ts";

type Env = Record<string, string | undefined>;

/**
 * agentmux's MCP server (docs/mcp.md) for each installed CLI that takes one: registered for the
 * user already, or offered: written into the CLI's config where agentmux edits it (Codex), else
 * by the CLI's own command (`claude mcp add`). `agentmux init --mcp --undo` and the printed remove
 * command take it out again.
 */
export function mcpSteps(env: Env): SetupStep[] {
  return BACKEND_NAMES.flatMap((name): SetupStep[] => {
    const backend = BACKENDS[name];
    const mcp = backend.mcp;
    if (!mcp?.registered) return [];
    const program = which(backend.defaultProgram, env["PATH"] ?? "");
    if (!program) return [];
    const step = `MCP server for ${backend.label}`;
    const registered = mcp.registered(env);
    if (registered === null) return [];
    if (registered) return [{ step, ok: true, found: "agentmux mcp is registered: its agents can drive agentmux through MCP tools" }];
    const add = mcp.add;
    const command = mcp.command;
    if (add) {
      return [{ step, ok: false, found: "agentmux mcp is not registered", offer: { question: `Register agentmux's MCP server in ${backend.label}'s config (a backup is kept; agentmux init --mcp --undo removes it)?`, apply: () => add(MCP_COMMAND, env) ?? "registered already" } }];
    }
    if (!command) return [];
    const [, ...args] = command(MCP_COMMAND, false).split(" ");
    return [{
      step, ok: false, found: `agentmux mcp is not registered (${command(MCP_COMMAND, false)})`,
      offer: {
        question: `Run ${command(MCP_COMMAND, false)} (undo: ${command(MCP_COMMAND, true)})?`,
        apply: () => {
          const run = spawnSync(program, args, { env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 30_000 });
          if (run.status !== 0) throw new Error(`${command(MCP_COMMAND, false)} failed: ${(run.stderr || run.stdout || String(run.error ?? "")).trim().split("\n").at(-1) ?? ""}`);
          return `registered with ${backend.label} (${command(MCP_COMMAND, true)} removes it)`;
        },
      },
    }];
  });
}
