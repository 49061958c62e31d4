import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Command } from "commander";
import { DECLARED_PREFIX } from "../backends/shared/hook-meaning.ts";

const STATES = ["idle", "working", "blocked", "done"];

/**
 * Spool a declared state the way shell/agentmux-hook does, all of it from this process, whose pid
 * names the file: the daemon waits for it while this process lives (src/daemon/spool-writer.ts).
 * Never throws, never prints.
 */
export function spoolDeclaredState(state: string, env = process.env): void {
  try {
    const pane = env["AGENTMUX_SESSION"] || env["TMUX_PANE"] || "";
    const sock = env["AGENTMUX_SOCK"] || "";
    if (!/^%\d+$/.test(pane) || !sock || !STATES.includes(state)) return;
    const spool = join(dirname(sock), "spool");
    mkdirSync(spool, { recursive: true, mode: 0o700 });
    const name = `${pane}.${process.pid}.${DECLARED_PREFIX}${state}`;
    const tmp = join(spool, `.${name}.tmp`);
    writeFileSync(tmp, `agentmux1 ${DECLARED_PREFIX}${state} ${pane} ${env["AGENTMUX_TOKEN"] || "-"} 0\n{}\n`);
    renameSync(tmp, join(spool, `${name}.evt`));
  } catch {
    // a hook never breaks an agent's turn
  }
}

export function registerHook(program: Command): void {
  program
    .command("hook")
    .description("declare this session's state: idle, working, blocked or done (always exits 0, prints nothing)")
    .argument("[state]", STATES.join(", "))
    .allowExcessArguments(true)
    .allowUnknownOption(true)
    .action((state: string | undefined) => spoolDeclaredState(state ?? ""));
}
