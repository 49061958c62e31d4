import { AgentmuxError } from "../util/errors.ts";
import { git } from "../util/git.ts";
import { worktreeHolding, type MadeWorktree } from "./worktree-registry.ts";

type Env = Record<string, string | undefined>;

/** What a session's changes are measured against. */
export interface DiffBase {
  /** The repository's (or worktree's) top directory; paths are relative to it. */
  root: string;
  /** The commit compared with the working tree. */
  base: string;
  /** In words, for the header and --json: "the branch point of B with main", "the commit it started at". */
  against: string;
  /** The worktree agentmux made that holds the session, if it runs in one. */
  worktree: MadeWorktree | null;
}

async function isCommit(root: string, rev: string, env: Env): Promise<boolean> {
  return rev !== "" && (await git(["-C", root, "cat-file", "-e", `${rev}^{commit}`], env)).ok;
}

/**
 * I/O: where a session in dir started from: in a worktree agentmux made, the branch point of its
 * branch with the branch it was made from (its recorded start commit when that branch is gone);
 * in a plain checkout, the commit recorded when the session started (@agentmux-base); without
 * one (a session from before agentmux recorded it), HEAD, said so.
 */
export async function diffBase(dir: string, recorded: string | null, made: readonly MadeWorktree[], env: Env = process.env): Promise<DiffBase> {
  const top = await git(["-C", dir, "rev-parse", "--show-toplevel"], env);
  if (!top.ok) throw new AgentmuxError(`${dir} is not in a git repository: there is nothing to diff`, { hint: "agentmux diff shows what a session changed in a git checkout or worktree" });
  const root = top.out;
  const worktree = worktreeHolding(made, root) ?? null;
  if (worktree) {
    if (worktree.from !== "") {
      const point = await git(["-C", root, "merge-base", "HEAD", worktree.from], env);
      if (point.ok) return { root, base: point.out, against: `the branch point of ${worktree.branch} with ${worktree.from}`, worktree };
    }
    if (await isCommit(root, worktree.base, env)) return { root, base: worktree.base, against: `the commit ${worktree.branch} was made at`, worktree };
  }
  if (recorded && (await isCommit(root, recorded, env))) return { root, base: recorded, against: "the commit it started at", worktree };
  const head = await git(["-C", root, "rev-parse", "--verify", "-q", "HEAD"], env);
  if (!head.ok) throw new AgentmuxError(`${root} has no commit yet: there is nothing to compare with`, { hint: "commit once; agentmux diff compares with a commit" });
  return { root, base: head.out, against: "HEAD (the commit it started at was not recorded: uncommitted changes only)", worktree };
}
