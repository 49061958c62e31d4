import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { timeName } from "../util/time-name.ts";
import { addWorktree, planWorktree, probeGit, removeWorktree, type WorktreePlan } from "./worktree.ts";

export { branchInstance } from "./worktree.ts";

/**
 * `new --worktree [NAME]`: check that dir's repository can take a new worktree on branch NAME
 * (default: the --instance, else wt-HHMMSS) at its HEAD, and where it goes; nothing is created.
 */
export async function planNewWorktree(dir: string, name: string | true, instance: string | undefined, config: Config, now = new Date()): Promise<WorktreePlan> {
  const branch = name === true ? (instance ?? timeName("wt", now)) : name;
  const where = resolve(dir);
  const refuse = (why: string, hint: string) => new AgentmuxError(`cannot start a session in a new worktree of ${where}: ${why}`, { hint });
  return planWorktree(where, branch, config, process.env, probeGit, existsSync, refuse, { without: "start it without --worktree", another: "name another branch: --worktree NAME" });
}

/** Create the worktree, then start the session in it; a start that fails takes the worktree and its branch away again. */
export async function inNewWorktree<T>(plan: WorktreePlan, start: (dir: string) => Promise<T>): Promise<T> {
  await addWorktree(plan.root, plan.branch, plan.path);
  try {
    return await start(plan.dir);
  } catch (error) {
    await removeWorktree(plan.root, plan.branch, plan.path).catch(() => undefined);
    if (error instanceof AgentmuxError) throw new AgentmuxError(error.message, { hint: `${error.hint ?? "fix it and try again"}; the worktree and its branch were removed`, cause: error });
    throw error;
  }
}
