import { rmSync } from "node:fs";
import { homeEnv } from "../accounts/home-env.ts";
import { getBackend, isBackendName } from "../backends/index.ts";
import type { Backend } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { launchSession, prepareLaunch, type NewSessionRequest, type Prepared } from "../session/launch.ts";
import type { NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { timeName } from "../util/time-name.ts";
import { addWorktree, planWorktree, probeGit, removeWorktree, type GitFacts, type WorktreePlan } from "./worktree.ts";
import { hasSettledExchange } from "../lifecycle/exchange.ts";
import { FORKING, forkRefusal, orWords } from "../backends/capable.ts";

type Env = Record<string, string | undefined>;

export interface BranchOptions {
  /** Fork into a new git worktree on a fresh branch at the parent's HEAD. */
  worktree?: boolean | undefined;
  /** The fork's instance name (default: derived from the time of the fork). */
  instance?: string | undefined;
  now?: Date;
  env?: Env;
}

/** What planBranch reads the world through (the defaults do I/O; tests pass fakes). */
export interface BranchDeps {
  backend(name: string): Backend;
  probeGit(dir: string, branch: string, env: Env): Promise<GitFacts>;
  prepare(request: NewSessionRequest, config: Config): Prepared;
  exists(path: string): boolean;
}

export type { WorktreePlan } from "./worktree.ts";

export interface BranchPlan {
  session: NamedSession;
  backend: Backend;
  request: NewSessionRequest;
  prepared: Prepared;
  instance: string;
  worktree: WorktreePlan | null;
  /** The environment naming the home of the session's account (where its conversation is). */
  env: Env;
}

const INSTANCE = /^[\w.-]+$/;

/** Pure: an instance name for a fork made at now (b-HHMMSS), made unique among taken by a suffix. */
export function deriveInstance(now: Date, taken: ReadonlySet<string>): string {
  const base = timeName("b", now);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  return name;
}

/**
 * Check every precondition of a branch; nothing is created here. Throws naming the first that
 * fails: a backend that cannot fork, no native id, no completed exchange yet, a bad or used
 * instance name, and for a worktree: no git, no repository, a dirty tree, a detached HEAD, a
 * branch or path that exists.
 */
export async function planBranch(session: NamedSession, live: readonly NamedSession[], config: Config, options: BranchOptions, deps: BranchDeps): Promise<BranchPlan> {
  const refuse = (why: string, hint: string) => new AgentmuxError(`cannot branch ${session.name} (${session.pane}): ${why}`, { hint });
  if (!isBackendName(session.backend)) throw refuse(`"${session.backend}" is not an agent agentmux knows`, `branch a ${orWords(FORKING)} session`);
  const backend = deps.backend(session.backend);
  const cannot = forkRefusal(backend);
  if (cannot) throw refuse(cannot.message, cannot.hint ?? `branch a ${orWords(FORKING)} session`);
  if (!session.id) throw refuse("its native session id is not known yet", "wait until the agent has started and reported its session (its first hook), then try again");
  const env = homeEnv(config, session.backend, session.account, options.env ?? process.env);
  if (backend.history && !hasSettledExchange(backend.history, session.id, { dir: session.dir, since: null, env }, session.state)) {
    throw refuse("its conversation has no completed exchange yet", "send it a message first and let it answer, then branch");
  }
  const taken = new Set(live.filter((s) => !s.dead).map((s) => s.instance).filter(Boolean));
  const instance = options.instance ?? deriveInstance(options.now ?? new Date(), taken);
  if (!INSTANCE.test(instance)) throw refuse(`instance name "${instance}" is not valid`, "use letters, digits, '.', '_' and '-'");
  if (options.instance !== undefined && taken.has(instance)) throw refuse(`instance name "${instance}" is used by a live session`, "pick another --instance, or leave it out for a derived one");
  const worktree = options.worktree ? await planWorktree(session.dir, instance, config, env, deps.probeGit, deps.exists, refuse, { without: "branch without --worktree", another: "pick another --instance" }) : null;
  const request: NewSessionRequest = {
    backend: session.backend, dir: session.dir, account: session.account || undefined, instance, group: session.group || undefined,
    submit: true, split: false, mode: { kind: "fork", id: session.id }, launch: session.launch,
  };
  let prepared: Prepared;
  try {
    prepared = deps.prepare(request, config);
  } catch (error) {
    if (isAgentmuxError(error)) throw refuse(error.message, error.hint ?? "fix it and try again");
    throw error;
  }
  checkAccount(session, prepared);
  return { session, backend, request, prepared, instance, worktree, env };
}

/** The fork runs under the parent's account (its conversation is in that account's home), or not at all. */
function checkAccount(session: NamedSession, prepared: Prepared): void {
  if ((prepared.account ?? "") === session.account) return;
  throw new AgentmuxError(`cannot branch ${session.name} (${session.pane}): the fork would run under account ${prepared.account ?? "(the CLI's own home)"}, not ${session.account || "the CLI's own home"} where its conversation is`, {
    hint: "check the directory rules and the account selection",
  });
}

/** The deps planBranch uses outside tests. */
export function branchDeps(exists: (path: string) => boolean): BranchDeps {
  return { backend: getBackend, probeGit, prepare: (request, config) => prepareLaunch(request, config, request.dir), exists };
}

export interface Branched { pane: string; dir: string; worktree: WorktreePlan | null; account: string | undefined }

/**
 * Create what the plan says: the worktree (then the parent's conversation made visible from it),
 * then the fork in a window of its own. A later step that fails undoes the worktree and the copy.
 */
export async function runBranch(tmux: Tmux, plan: BranchPlan, config: Config): Promise<Branched> {
  const { worktree, session } = plan;
  if (!worktree) {
    await ensureDaemon(tmux).catch(() => undefined);
    const launched = await launchSession(tmux, plan.request, plan.prepared);
    return { pane: launched.pane, dir: plan.prepared.dir, worktree: null, account: plan.prepared.account };
  }
  await addWorktree(worktree.root, worktree.branch, worktree.path, plan.env);
  let copied: string | null = null;
  try {
    copied = plan.backend.history?.prepareFork?.(session.id, session.dir, worktree.dir, plan.env) ?? null;
    const request = { ...plan.request, dir: worktree.dir };
    const prepared = prepareLaunch(request, config, worktree.dir);
    // A directory rule may name another account for the worktree than for the parent's directory.
    checkAccount(session, prepared);
    await ensureDaemon(tmux).catch(() => undefined);
    const launched = await launchSession(tmux, request, prepared);
    return { pane: launched.pane, dir: prepared.dir, worktree, account: prepared.account };
  } catch (error) {
    await removeWorktree(worktree.root, worktree.branch, worktree.path, plan.env).catch(() => undefined);
    // The parent's conversation copied for the worktree goes too (the parent's own file is untouched).
    if (copied) rmSync(copied, { force: true });
    if (!isAgentmuxError(error)) throw error;
    const message = error.message.startsWith("cannot branch ") ? error.message : `cannot branch ${session.name} (${session.pane}): ${error.message}`;
    throw new AgentmuxError(message, { hint: `${error.hint ?? "fix it and try again"}; the worktree and its branch were removed`, cause: error });
  }
}
