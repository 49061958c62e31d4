import { existsSync } from "node:fs";
import type { Command } from "commander";
import { branchDeps, planBranch, runBranch } from "../branch/branch.ts";
import { listSessions } from "../session/store.ts";
import { resolveTarget, targetOrCurrent } from "../session/target.ts";
import { refreshRoutedPool } from "../daemon/asks.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { adoptServerHomes } from "../accounts/server-homes.ts";
import { err, out, shown } from "../util/terminal-text.ts";

interface BranchFlags { worktree?: boolean; instance?: string; json?: boolean }

export function registerBranch(program: Command): void {
  program
    .command("branch")
    .description("fork a session's conversation into a window of its own (with --worktree: in a new git worktree on a fresh branch)")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--worktree", "first create a git worktree on a new branch at the session's HEAD, and run the fork there")
    .option("--instance <name>", "the fork's instance name (and the worktree's branch); default: b-HHMMSS")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: BranchFlags, command: Command) => {
      const ctx = Context.of(command);
      await adoptServerHomes(ctx.tmux);
      await requireControl(ctx, "branch");
      const sessions = await listSessions(ctx.tmux, { includeExited: true });
      const session = resolveTarget(targetOrCurrent(target, "branch"), sessions);
      const plan = await planBranch(session, sessions, ctx.config, { worktree: options.worktree, instance: options.instance }, branchDeps(existsSync));
      if (plan.prepared.accountNotice) err(shown`agentmux: ${plan.prepared.accountNotice}\n`);
      const done = await runBranch(ctx.tmux, plan, ctx.config);
      await refreshRoutedPool(ctx.tmux, plan.prepared);
      if (options.json) {
        printJson({ ok: true, pane: done.pane, parent: session.pane, forkedFrom: session.id, instance: plan.instance, dir: done.dir, account: done.account ?? null,
          worktree: done.worktree ? { path: done.worktree.path, branch: done.worktree.branch, root: done.worktree.root } : null });
        return;
      }
      const where = done.worktree ? ` in worktree ${done.worktree.path} (branch ${done.worktree.branch})` : "";
      out(shown`branched ${session.name} (${session.pane}) into ${done.pane} as ${plan.instance}${where}${done.account ? shown` under ${done.account}` : ""}\n`);
    });
}
