import type { Command } from "commander";
import { block, out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";

export function registerWorktree(program: Command): void {
  const worktree = program.command("worktree").description("the git worktrees agentmux made (new --worktree, branch --worktree)");
  worktree
    .command("list")
    .description("every worktree agentmux made: its branch, its session and state, ahead/behind the branch it came from, and uncommitted changes")
    .option("--json", "print them as JSON")
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const { madeWorktrees } = await import("../branch/worktree-registry.ts");
      const { worktreeRows, worktreeLine } = await import("../branch/worktrees.ts");
      const { listSessions } = await import("../session/store.ts");
      const { places } = await import("../util/paths.ts");
      const sessions = await listSessions(ctx.tmux, { includeExited: true }).catch(() => []);
      const rows = await worktreeRows(madeWorktrees(places().stateDir), sessions);
      if (options.json) printJson({ worktrees: rows.map((r) => ({ ...r, dirty: r.changes.length > 0 })) });
      else out(shown`${block(rows.length === 0 ? "no worktrees made by agentmux (agentmux new --worktree makes one)" : rows.map(worktreeLine).join("\n"))}\n`);
    });
  worktree
    .command("remove")
    .description("remove a worktree agentmux made, and its branch: only once its session has exited and nothing is unmerged or uncommitted")
    .argument("<name>", "its branch, its path, or the session in it")
    .option("--force", "remove it even with uncommitted changes or unmerged commits (said what is lost)")
    .option("--json", "print the result as JSON")
    .action(async (name: string, options: { force?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const { worktreeTarget } = await import("../branch/worktree-target.ts");
      const { removeMadeWorktree } = await import("../branch/worktree-remove.ts");
      const row = await worktreeTarget(ctx.tmux, name);
      await requireControl(ctx, "worktree remove");
      const { lost } = await removeMadeWorktree(row, options.force ?? false);
      if (options.json) printJson({ ok: true, removed: row.path, branch: row.branch, lost: lost || null });
      else out(shown`removed ${row.path} (branch ${row.branch})${lost ? `; lost: ${lost}` : ""}\n`);
    });
}
