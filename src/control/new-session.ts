import { startSession } from "../lifecycle/start-session.ts";
import { prepareLaunch, type Launched, type Prepared } from "../session/launch.ts";
import type { ControlDeps } from "./deps.ts";
import { requireControl } from "./gate.ts";
import { checkGroupName } from "./groups.ts";

export interface NewRequest {
  backend?: string | undefined; command?: string | undefined; dir?: string | undefined; account?: string | undefined;
  instance?: string | undefined; prompt?: string | undefined; submit: boolean; split: boolean; group?: string | undefined;
  /** Start it in a new git worktree: true for a name of agentmux's choosing (the instance, else named from the prompt, else wt-HHMMSS). */
  worktree?: string | true | undefined;
}

export interface NewSession { prepared: Prepared; launched: Launched; worktree: { path: string; branch: string; root: string } | null }

/**
 * `new`: an agent session in a new window (or a split), after the control gate; with `worktree`,
 * in a new git worktree on a new branch. `warn` is told what the user should know (an account
 * notice, the worktree it made). It never takes the keyboard: focusing it is the caller's choice.
 */
export async function newSession(deps: ControlDeps, req: NewRequest, warn: (text: string) => void): Promise<NewSession> {
  await requireControl(deps, "new");
  if (req.group !== undefined) checkGroupName(req.group);
  const { worktree, ...request } = req;
  const start = async (dir: string | undefined) => {
    const here = { ...request, dir };
    const prepared = prepareLaunch(here, deps.config);
    if (prepared.accountNotice) warn(prepared.accountNotice);
    return { prepared, launched: await startSession(deps.tmux, here, prepared, warn) };
  };
  if (worktree === undefined) return { ...(await start(request.dir)), worktree: null };
  // Lazily: only a worktree start needs git and the worktree code.
  const inWorktree = await import("../branch/new-worktree.ts");
  const plan = await inWorktree.planNewWorktree(request.dir ?? process.cwd(), worktree, request.instance, deps.config, new Date(), request.prompt);
  request.instance ??= inWorktree.branchInstance(plan.branch);
  const started = await inWorktree.inNewWorktree(plan, start);
  warn(`in worktree ${plan.path} (branch ${plan.branch})`);
  return { ...started, worktree: { path: plan.path, branch: plan.branch, root: plan.root } };
}
