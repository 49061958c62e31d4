import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { timeName } from "../util/time-name.ts";
import { addWorktree, planWorktree, probeGit, removeWorktree, type WorktreePlan } from "./worktree.ts";

export { branchInstance } from "./worktree.ts";

/** Pure: a branch name from a task ("Fix the login bug!" → "fix-the-login-bug"): its first words, at most 40 characters; "" when none is usable. */
export function taskBranch(task: string | undefined): string {
  const words = (task ?? "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().match(/[a-z0-9]+/g) ?? [];
  let name = "";
  for (const word of words.slice(0, 6)) {
    const next = name === "" ? word : `${name}-${word}`;
    if (next.length > 40) break;
    name = next;
  }
  return name === "" && words[0] ? words[0].slice(0, 40) : name;
}

/**
 * `new --worktree [NAME]`: check that dir's repository can take a new worktree on branch NAME
 * (default: the --instance, else named from the task (the prompt), else wt-HHMMSS) at its HEAD,
 * and where it goes; nothing is created. A name taken from the task that exists already gets -2, -3….
 */
export async function planNewWorktree(dir: string, name: string | true, instance: string | undefined, config: Config, now = new Date(), task?: string): Promise<WorktreePlan> {
  const fromTask = name === true && instance === undefined ? taskBranch(task) : "";
  const where = resolve(dir);
  const refuse = (why: string, hint: string) => new AgentmuxError(`cannot start a session in a new worktree of ${where}: ${why}`, { hint });
  const plan = (branch: string) => planWorktree(where, branch, config, process.env, probeGit, existsSync, refuse, { without: "start it without --worktree", another: "name another branch: --worktree NAME" });
  if (fromTask !== "") {
    for (let n = 1; ; n++) {
      const branch = n === 1 ? fromTask : `${fromTask}-${n}`;
      try {
        return await plan(branch);
      } catch (error) {
        // Only a taken name moves on to the next; anything else (a dirty tree, no git) is the answer.
        if (n >= 20 || !(error instanceof AgentmuxError) || !/exists already/.test(error.message)) throw error;
      }
    }
  }
  return plan(name === true ? (instance ?? timeName("wt", now)) : name);
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
