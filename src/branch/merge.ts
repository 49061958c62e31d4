import { AgentmuxError } from "../util/errors.ts";
import { git, gitWords, type GitRun } from "../util/git.ts";
import type { WorktreeRow } from "./worktrees.ts";

type Env = Record<string, string | undefined>;

export type MergeHow = "merge" | "squash" | "rebase";

export interface Merged { into: string; where: string; how: MergeHow; commits: number; head: string }

/** Pure: the checkout that has `branch` checked out, from `git worktree list --porcelain`. */
export function checkoutOf(porcelain: string, branch: string): string | null {
  for (const block of porcelain.split("\n\n")) {
    const lines = block.split("\n");
    const path = lines.find((l) => l.startsWith("worktree "))?.slice("worktree ".length);
    if (path && lines.includes(`branch refs/heads/${branch}`)) return path;
  }
  return null;
}

/** Pure: the conflicted paths `git merge-tree --write-tree --name-only --no-messages` printed after the tree. */
export function conflictedPaths(out: string): string[] {
  return out.split("\n").slice(1).map((l) => l.trim()).filter(Boolean);
}

const refuse = (why: string, hint: string) => new AgentmuxError(why, { hint });

/**
 * I/O: merge a made worktree's branch into `into` (default: the branch it was made from), where
 * `into` is checked out. Refused, with nothing changed, when the worktree or that checkout has
 * uncommitted changes, when nothing is ahead, or when the merge would conflict (git merge-tree
 * says so before anything is touched). A step that fails all the same is undone (merge --abort,
 * rebase --abort, then reset --merge to where it was), so no half-merge is left.
 */
export async function mergeWorktree(row: WorktreeRow, options: { into?: string; how: MergeHow; message?: string }, env: Env = process.env): Promise<Merged> {
  const into = options.into ?? row.from;
  if (into === "") throw refuse(`${row.branch}: the branch it was made from is not recorded`, "name the branch to merge into: --into BRANCH");
  if (!row.exists) throw refuse(`${row.branch}: its worktree ${row.path} is gone`, `merge the branch with git (git merge ${row.branch}) if it still exists`);
  if (row.changes.length > 0) throw refuse(`${row.branch} has ${row.changes.length} uncommitted change${row.changes.length === 1 ? "" : "s"} in ${row.path} (${row.changes.slice(0, 3).map((c) => c.slice(3)).join(", ")})`, "ask its agent to commit them (or commit them yourself), then merge; nothing was merged");
  const run = (args: string[]) => git(args, env);
  const known = await run(["-C", row.root, "rev-parse", "--verify", "-q", `refs/heads/${into}`]);
  if (!known.ok) throw refuse(`there is no branch "${into}" in ${row.root}`, "name an existing branch: --into BRANCH");
  const list = await run(["-C", row.root, "worktree", "list", "--porcelain"]);
  const where = checkoutOf(list.out, into);
  if (where === null) throw refuse(`${into} is not checked out in any worktree of ${row.root}`, `check it out first (git -C ${row.root} switch ${into}); agentmux merges where the branch is checked out`);
  const status = await run(["-C", where, "status", "--porcelain", "--untracked-files=no"]);
  if (status.out.trim() !== "") throw refuse(`${where} (${into}) has uncommitted changes`, "commit or stash them first; nothing was merged");
  const count = await run(["-C", row.root, "rev-list", "--count", `${into}..${row.branch}`]);
  const commits = Number(count.out) || 0;
  if (commits === 0) throw refuse(`${row.branch} has nothing that ${into} has not`, `nothing to merge; agentmux worktree remove ${row.branch} removes it once its session has ended`);
  // A conflict is found before anything is touched (git 2.38's merge-tree --write-tree).
  const probe = await run(["-C", row.root, "merge-tree", "--write-tree", "--name-only", "--no-messages", into, row.branch]);
  if (probe.code === 1) {
    const paths = conflictedPaths(probe.out);
    throw refuse(`merging ${row.branch} into ${into} would conflict in ${paths.length} file${paths.length === 1 ? "" : "s"}: ${paths.slice(0, 5).join(", ")}${paths.length > 5 ? ", …" : ""}`, `nothing was merged; ask the agent to merge ${into} into its branch and resolve them, then merge again`);
  }
  const before = (await run(["-C", where, "rev-parse", "HEAD"])).out;
  const undo = async () => {
    await run(["-C", where, "merge", "--abort"]);
    await run(["-C", row.path, "rebase", "--abort"]);
    // The checkout was clean: back to where it was, the index and the merged files too (a squash leaves no MERGE_HEAD).
    await run(["-C", where, "reset", "--merge", before]);
  };
  const step = async (args: string[]): Promise<GitRun> => {
    const r = await run(args);
    if (!r.ok) {
      await undo();
      throw new AgentmuxError(`git ${args.slice(2).join(" ")} failed: ${gitWords(r)}`, { hint: `it was undone: ${into} is where it was (${before.slice(0, 12)})` });
    }
    return r;
  };
  const message = options.message ?? `Merge ${row.branch} (agentmux)`;
  if (options.how === "merge") await step(["-C", where, "merge", "--no-ff", "--no-edit", "-m", message, row.branch]);
  else if (options.how === "squash") {
    await step(["-C", where, "merge", "--squash", row.branch]);
    await step(["-C", where, "commit", "-m", options.message ?? `${row.branch}: ${commits} commit${commits === 1 ? "" : "s"} squashed (agentmux)`]);
  } else {
    await step(["-C", row.path, "rebase", into]);
    await step(["-C", where, "merge", "--ff-only", row.branch]);
  }
  const head = (await run(["-C", where, "rev-parse", "HEAD"])).out;
  return { into, where, how: options.how, commits, head };
}
