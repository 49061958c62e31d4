import type { NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { err, shown } from "../util/terminal-text.ts";
import { places } from "../util/paths.ts";
import { worktreeRow } from "./worktrees.ts";
import { lossWords, removeMadeWorktree, worktreeLoss } from "./worktree-remove.ts";
import { madeWorktrees, worktreeHolding } from "./worktree-registry.ts";

/**
 * After `kill` ended a session that ran in a worktree agentmux made: a person at a terminal
 * (`ask`: how to ask one) is asked whether to remove it when nothing would be lost; otherwise it is kept and
 * what it holds is said, with the commands that merge or remove it.
 */
export async function worktreeAfterKill(tmux: Tmux, session: Pick<NamedSession, "dir" | "name">, ask: ((question: string) => Promise<boolean>) | null): Promise<void> {
  const made = madeWorktrees(places().stateDir);
  const held = worktreeHolding(made, session.dir);
  if (!held) return;
  const { listSessions } = await import("../session/store.ts");
  const row = await worktreeRow(held, await listSessions(tmux, { includeExited: true }).catch(() => []));
  if (!row.exists || row.session) return;
  const lost = lossWords(await worktreeLoss(row));
  if (lost !== "") {
    err(shown`agentmux: the worktree ${row.path} (branch ${row.branch}) is kept: it has ${lost}; agentmux merge ${row.branch} merges it, agentmux worktree remove ${row.branch} --force drops it\n`);
    return;
  }
  if (ask) {
    if (await ask(`Remove its worktree ${row.path} and branch ${row.branch}? (nothing is unmerged or uncommitted)`)) {
      await removeMadeWorktree(row, false);
      err(shown`agentmux: removed ${row.path} (branch ${row.branch})\n`);
      return;
    }
  }
  err(shown`agentmux: the worktree ${row.path} (branch ${row.branch}) is kept; agentmux worktree remove ${row.branch} removes it\n`);
}
