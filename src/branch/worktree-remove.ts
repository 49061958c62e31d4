import { AgentmuxError } from "../util/errors.ts";
import { git, gitWords } from "../util/git.ts";
import { places } from "../util/paths.ts";
import { forgetWorktree } from "./worktree-registry.ts";
import type { WorktreeRow } from "./worktrees.ts";

type Env = Record<string, string | undefined>;

/** What removing a worktree would lose: its uncommitted changes and the commits not merged into the branch it came from. */
export interface WorktreeLoss { changes: string[]; unmerged: string[] }

/** I/O: whether merging branch into target would leave target's tree as it is (its changes are there already). */
async function contentIn(root: string, branch: string, target: string, env: Env): Promise<boolean> {
  const [merged, tree] = await Promise.all([
    git(["-C", root, "merge-tree", "--write-tree", "--no-messages", target, branch], env),
    git(["-C", root, "rev-parse", `${target}^{tree}`], env),
  ]);
  return merged.ok && tree.ok && merged.out.split("\n")[0] === tree.out;
}

/** I/O: the loss, read with git (the unmerged commits one line each, newest first). */
export async function worktreeLoss(row: WorktreeRow, env: Env = process.env): Promise<WorktreeLoss> {
  let unmerged: string[] = [];
  if (row.ahead === null || row.ahead > 0) {
    const range = row.from !== "" ? `${row.from}..${row.branch}` : row.branch;
    const log = await git(["-C", row.root, "log", "--format=%h %s", "-n", "20", range], env);
    unmerged = log.ok ? log.out.split("\n").filter(Boolean) : [];
    // Squashed or cherry-picked already: merging it would change nothing in the branch it came from.
    if (unmerged.length > 0 && row.from !== "" && (await contentIn(row.root, row.branch, row.from, env))) unmerged = [];
  }
  return { changes: row.changes, unmerged };
}

/** Pure: the loss in words ("" when nothing is lost). */
export function lossWords(loss: WorktreeLoss): string {
  const parts: string[] = [];
  if (loss.changes.length > 0) parts.push(`${loss.changes.length} uncommitted change${loss.changes.length === 1 ? "" : "s"} (${loss.changes.slice(0, 5).map((c) => c.slice(3)).join(", ")}${loss.changes.length > 5 ? ", …" : ""})`);
  if (loss.unmerged.length > 0) parts.push(`${loss.unmerged.length}${loss.unmerged.length === 20 ? "+" : ""} unmerged commit${loss.unmerged.length === 1 ? "" : "s"} (${loss.unmerged.slice(0, 3).join("; ")}${loss.unmerged.length > 3 ? "; …" : ""})`);
  return parts.join(" and ");
}

/**
 * I/O: remove a made worktree and its branch, and forget it. Refused while a session runs in it;
 * refused, saying what would be lost, when it has uncommitted changes or commits not merged into
 * the branch it came from, unless `force` (then said in the result).
 */
export async function removeMadeWorktree(row: WorktreeRow, force: boolean, env: Env = process.env, stateDir = places().stateDir): Promise<{ lost: string }> {
  if (row.session) throw new AgentmuxError(`${row.branch}: its session ${row.session.name} (${row.session.pane}) is ${row.session.state} in ${row.path}`, { hint: `end it first (agentmux kill ${row.session.pane}); a worktree is removed only once its session has exited` });
  const lost = lossWords(await worktreeLoss(row, env));
  if (lost !== "" && !force) throw new AgentmuxError(`${row.branch} (${row.path}) has ${lost}: removing it would lose them`, { hint: `merge it first (agentmux merge ${row.branch}), or remove it anyway with --force` });
  if (row.exists) {
    const r = await git(["-C", row.root, "worktree", "remove", ...(force ? ["--force", "--force"] : []), row.path], env);
    if (!r.ok) throw new AgentmuxError(`git worktree remove ${row.path} failed: ${gitWords(r)}`, { hint: "see git's message; nothing was removed" });
  }
  await git(["-C", row.root, "worktree", "prune"], env);
  // Merged into the branch it came from (nothing ahead, or its content there: squashed): its own name may go even when root has another branch checked out.
  const branch = await git(["-C", row.root, "branch", force || row.ahead === 0 || lost === "" ? "-D" : "-d", row.branch], env);
  forgetWorktree(stateDir, row.path);
  if (!branch.ok && !/not found/.test(branch.err)) return { lost: `${lost}${lost ? "; " : ""}the branch ${row.branch} was kept: ${gitWords(branch)}` };
  return { lost };
}
