import type { Command } from "commander";
import { AgentmuxError } from "../util/errors.ts";
import { out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";

export function registerMerge(program: Command): void {
  program
    .command("merge")
    .description("merge a session's worktree branch into the branch it came from (or --into), refusing with the reason when it is dirty or would conflict; never a half-merge")
    .argument("<target>", "the session (pane id, display or instance name), or the worktree's branch or path")
    .option("--into <branch>", "the branch to merge into (checked out somewhere; default: the one the worktree was made from)")
    .option("--squash", "one commit on the target branch")
    .option("--rebase", "rebase the branch onto the target, then fast-forward")
    .option("-m, --message <text>", "the merge (or squashed) commit's message")
    .option("--json", "print the result as JSON")
    .action(async (target: string, options: { into?: string; squash?: boolean; rebase?: boolean; message?: string; json?: boolean }, command: Command) => {
      if (options.squash && options.rebase) throw new AgentmuxError("--squash and --rebase together", { hint: "pick one: --squash (one commit) or --rebase (fast-forward after a rebase)" });
      const ctx = Context.of(command);
      const { worktreeTarget } = await import("../branch/worktree-target.ts");
      const { mergeWorktree } = await import("../branch/merge.ts");
      const row = await worktreeTarget(ctx.tmux, target);
      // From inside an agent session, acting on another session's work needs control.enabled (its own is fine).
      await requireControl(ctx, "merge", row.session?.pane);
      const how = options.squash ? "squash" : options.rebase ? "rebase" : "merge";
      const merged = await mergeWorktree(row, { how, ...(options.into !== undefined ? { into: options.into } : {}), ...(options.message !== undefined ? { message: options.message } : {}) });
      if (options.json) printJson({ ok: true, branch: row.branch, ...merged });
      else out(shown`merged ${row.branch} into ${merged.into} (${how}, ${merged.commits} commit${merged.commits === 1 ? "" : "s"}) in ${merged.where}: now ${merged.head.slice(0, 12)}\n${row.session ? `its session ${row.session.name} still runs there; ` : ""}agentmux worktree remove ${row.branch} removes the worktree once its session has ended\n`);
    });
}
