import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BACKENDS } from "../../../src/backends/index.ts";
import type { Backend, HistorySupport } from "../../../src/backends/shared/types.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { deriveInstance, planBranch, type BranchDeps } from "../../../src/branch/branch.ts";
import type { GitFacts } from "../../../src/branch/worktree.ts";
import type { NewSessionRequest, Prepared } from "../../../src/session/launch.ts";
import type { NamedSession } from "../../../src/session/store.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";

const config = parseConfig("branch: {worktreeDirectory: /trees}\n", "/cfg.yml");

function session(over: Partial<NamedSession> = {}): NamedSession {
  return {
    pane: "%12", backend: "claude", account: "", dir: "/src/my repo #1", instance: "", id: "conv-1", tokenHash: "", label: "", group: "", forkedFrom: "", parent: "", side: "",
    launch: {}, state: "idle", background: false, stateSince: null, startedAt: 1, dead: false, deadStatus: null, title: "", command: "", pid: 1, tmuxSession: "s", window: "@1", windowIndex: "1", active: false,
    name: "my repo #1", ...over,
  };
}

const cleanGit: GitFacts = { git: true, root: "/src/my repo #1", changes: [], detached: false, branchExists: false, branchValid: true };

function deps(over: { exchange?: boolean; git?: Partial<GitFacts>; exists?: string[]; backend?: Partial<Backend>; account?: string } = {}): BranchDeps & { prepared: NewSessionRequest[] } {
  const history = { hasExchange: () => over.exchange ?? true } as unknown as HistorySupport;
  const prepared: NewSessionRequest[] = [];
  return {
    prepared,
    backend: (name) => ({ ...BACKENDS[name as "claude"], history, ...over.backend }) as Backend,
    probeGit: () => Promise.resolve({ ...cleanGit, ...over.git }),
    prepare: (request: NewSessionRequest): Prepared => {
      prepared.push(request);
      return { backend: BACKENDS.claude, dir: request.dir ?? "", argv: [], env: {}, typedPrompt: undefined, submitTyped: false, account: over.account ?? request.account };
    },
    exists: (path) => (over.exists ?? []).includes(path),
  };
}

async function refusal(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AgentmuxError, String(error));
    assert.match(error.message, /^cannot branch my repo #1 \(%12\): /);
    assert.match(error.message, pattern);
    assert.ok(error.hint, "names the fix");
    return true;
  });
}

describe("branch: the plan", () => {
  it("forks the same conversation, same backend and account, in a window of its own, named after the time", async () => {
    const d = deps();
    const plan = await planBranch(session({ account: "work" }), [], config, { now: new Date(2026, 0, 1, 9, 5, 7) }, d);
    assert.equal(plan.instance, "b-090507");
    assert.deepEqual(plan.request.mode, { kind: "fork", id: "conv-1" });
    assert.equal(plan.request.backend, "claude");
    assert.equal(plan.request.account, "work");
    assert.equal(plan.request.split, false);
    assert.equal(plan.request.dir, "/src/my repo #1");
    assert.equal(plan.worktree, null);
  });
  it("with --worktree: a branch named after the instance, a path under the worktree directory named after the repository", async () => {
    const plan = await planBranch(session(), [], config, { worktree: true, instance: "try-2" }, deps());
    assert.deepEqual(plan.worktree, { root: "/src/my repo #1", branch: "try-2", path: "/trees/my repo #1-try-2", dir: "/trees/my repo #1-try-2" });
  });
  it("refuses a plain command, a backend that cannot fork, an unknown id, a conversation without an exchange", async () => {
    await refusal(planBranch(session({ backend: "generic" }), [], config, {}, deps()), /plain command/);
    await refusal(planBranch(session({ backend: "gemini" }), [], config, {}, deps({ backend: BACKENDS.gemini })), /cannot fork/);
    await refusal(planBranch(session({ id: "" }), [], config, {}, deps()), /native session id is not known/);
    await refusal(planBranch(session(), [], config, {}, deps({ exchange: false })), /no completed exchange/);
  });
  it("refuses an invalid instance name and one a live session uses (an exited one's is free)", async () => {
    await refusal(planBranch(session(), [], config, { instance: "a b" }, deps()), /instance name "a b" is not valid/);
    await refusal(planBranch(session(), [session({ pane: "%13", instance: "taken" })], config, { instance: "taken" }, deps()), /used by a live session/);
    const plan = await planBranch(session(), [session({ pane: "%13", instance: "old", dead: true })], config, { instance: "old" }, deps());
    assert.equal(plan.instance, "old");
  });
  it("refuses each bad worktree precondition, naming it", async () => {
    const w = { worktree: true, instance: "x" };
    await refusal(planBranch(session(), [], config, w, deps({ git: { git: false, root: null } })), /git is not installed/);
    await refusal(planBranch(session(), [], config, w, deps({ git: { root: null } })), /is not in a git repository/);
    await refusal(planBranch(session(), [], config, w, deps({ git: { changes: [" M a file.txt"] } })), /uncommitted changes \(1: a file.txt\)/);
    await refusal(planBranch(session(), [], config, w, deps({ git: { detached: true } })), /detached HEAD/);
    await refusal(planBranch(session(), [], config, w, deps({ git: { branchExists: true } })), /git branch "x" exists already/);
    await refusal(planBranch(session(), [], config, w, deps({ git: { branchValid: false } })), /not a valid git branch name/);
    await refusal(planBranch(session(), [], config, w, deps({ exists: ["/trees/my repo #1-x"] })), /my repo #1-x exists already/);
  });
  it("refuses a fork that would run under another account than its parent's", async () => {
    await refusal(planBranch(session(), [], config, {}, deps({ account: "other" })), /would run under account other/);
  });
});

describe("branch: the derived instance name", () => {
  it("is b-HHMMSS, with a suffix when taken", () => {
    const at = new Date(2026, 5, 1, 23, 59, 1);
    assert.equal(deriveInstance(at, new Set()), "b-235901");
    assert.equal(deriveInstance(at, new Set(["b-235901", "b-235901-2"])), "b-235901-3");
    assert.match(deriveInstance(at, new Set()), /^[\w.-]+$/);
  });
});
