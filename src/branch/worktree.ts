import { existsSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { AgentmuxError } from "../util/errors.ts";
import { git, gitWords } from "../util/git.ts";
import { forgetWorktree, realDir, recordWorktree, worktreesFile } from "./worktree-registry.ts";
import { which } from "../util/which.ts";
import { places } from "../util/paths.ts";
import type { Config } from "../config/config.ts";

type Env = Record<string, string | undefined>;

/** What git says of a directory, for `agentmux branch --worktree` (every field a precondition). */
export interface GitFacts {
  /** git is on PATH. */
  git: boolean;
  /** The repository's top directory; null: the directory is not in a git repository. */
  root: string | null;
  /** `git status --porcelain`: the changed and untracked paths, "XY path" (non-empty: a dirty tree). */
  changes: string[];
  /** HEAD names no branch (or there is no commit yet). */
  detached: boolean;
  /** The branch to create exists already. */
  branchExists: boolean;
  /** git accepts the branch name (`git check-ref-format --branch`). */
  branchValid: boolean;
}

/** A git worktree created before a session starts in it (branch --worktree, new --worktree). */
export interface WorktreePlan { root: string; branch: string; path: string; dir: string }

/**
 * Check what a new worktree on branch `name` at dir's HEAD needs, and where it goes; nothing is
 * created. Throws (through refuse; the hints say how to go `without` a worktree and how to name
 * `another`) naming the first that fails: no git, no repository, a dirty tree, a detached HEAD, a
 * bad or existing branch, a path in use.
 */
export async function planWorktree(dir: string, name: string, config: Config, env: Env, probe: (dir: string, branch: string, env: Env) => Promise<GitFacts>, exists: (path: string) => boolean, refuse: (why: string, hint: string) => AgentmuxError, hints: { without: string; another: string }): Promise<WorktreePlan> {
  const { without, another } = hints;
  const facts = await probe(dir, name, env);
  if (!facts.git) throw refuse("git is not installed (not found on PATH)", `install git, or ${without}`);
  if (facts.root === null) throw refuse(`${dir} is not in a git repository`, `${without}, or run the session in a repository`);
  if (facts.changes.length > 0) throw refuse(`the working tree of ${facts.root} has uncommitted changes (${facts.changes.length}: ${facts.changes.slice(0, 3).map((l) => l.slice(3)).join(", ")})`, "commit or stash them first: the worktree starts at HEAD");
  if (facts.detached) throw refuse(`${facts.root} has a detached HEAD (or no commit yet)`, "check out a branch first: the new branch starts at it");
  if (!facts.branchValid) throw refuse(`"${name}" is not a valid git branch name`, another);
  if (facts.branchExists) throw refuse(`git branch "${name}" exists already in ${facts.root}`, another);
  const directory = config.branch.worktreeDirectory ?? join(places().cacheDir, "worktrees");
  const path = worktreePath(directory, facts.root, name);
  if (exists(path)) throw refuse(`${path} exists already`, `${another}, or remove it`);
  return { root: facts.root, branch: name, path, dir: worktreeDir(facts.root, realDir(dir), path) };
}

/** A name after a branch, as an instance or a path holds it: a branch's / (and any other character an instance cannot hold) becomes -. */
export function branchInstance(branch: string): string {
  return branch.replace(/[^\w.-]+/g, "-");
}

/** Where a worktree branch goes: its path under the worktree directory, named after the repository and the branch. */
export function worktreePath(directory: string, root: string, branch: string): string {
  return join(directory, `${basename(root) || "repo"}-${branchInstance(branch)}`);
}

/** The directory in the worktree that corresponds to dir in the repository at root (a session in a subdirectory forks into the same one). */
export function worktreeDir(root: string, dir: string, path: string): string {
  const rel = relative(root, dir);
  return rel === "" || rel.startsWith("..") ? path : join(path, rel);
}

/** I/O: the facts of dir's repository for creating branch (nothing is changed). */
export async function probeGit(dir: string, branch: string, env: Env = process.env): Promise<GitFacts> {
  const none: GitFacts = { git: false, root: null, changes: [], detached: false, branchExists: false, branchValid: true };
  if (!which("git", env["PATH"] ?? "")) return none;
  const top = await git(["-C", dir, "rev-parse", "--show-toplevel"], env);
  if (!top.ok) return { ...none, git: true };
  const root = top.out;
  const [status, head, commit, exists, valid] = await Promise.all([
    git(["-C", root, "status", "--porcelain", "-z"], env),
    git(["-C", root, "symbolic-ref", "-q", "HEAD"], env),
    git(["-C", root, "rev-parse", "--verify", "-q", "HEAD"], env),
    git(["-C", root, "show-ref", "--verify", "-q", `refs/heads/${branch}`], env),
    git(["check-ref-format", "--branch", branch], env),
  ]);
  return {
    git: true, root,
    changes: porcelainEntries(status.out),
    detached: !head.ok || !commit.ok,
    branchExists: exists.ok,
    branchValid: valid.ok,
  };
}

/** Pure: the entries of `git status --porcelain -z` ("XY path", unquoted; a rename's origin left out). */
export function porcelainEntries(out: string): string[] {
  const fields = out.split("\0").filter(Boolean);
  const entries: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i] ?? "";
    entries.push(entry);
    if (/^[RC]/.test(entry)) i++;
  }
  return entries;
}

/** I/O: a new worktree at path on a new branch at root's HEAD, recorded as made by agentmux (worktree-registry.ts). */
export async function addWorktree(root: string, branch: string, path: string, env: Env = process.env, stateDir = places().stateDir): Promise<void> {
  const [from, base] = await Promise.all([git(["-C", root, "symbolic-ref", "-q", "--short", "HEAD"], env), git(["-C", root, "rev-parse", "--verify", "-q", "HEAD"], env)]);
  const r = await git(["-C", root, "worktree", "add", "-b", branch, path, "HEAD"], env);
  if (!r.ok) throw new AgentmuxError(`git worktree add ${path} failed: ${gitWords(r)}`, { hint: "see git's message; nothing was branched" });
  try {
    recordWorktree(stateDir, { path, branch, root, from: from.ok ? from.out : "", base: base.ok ? base.out : "", made: Date.now() });
  } catch (error) {
    await removeWorktree(root, branch, path, env, stateDir).catch(() => undefined);
    throw new AgentmuxError(`could not record the worktree ${path}: ${(error as Error).message}`, { hint: `free ${worktreesFile(stateDir)} (its directory must be writable); nothing was branched` });
  }
}

/** I/O: undo addWorktree (the worktree and its branch, and its record), as far as they exist. */
export async function removeWorktree(root: string, branch: string, path: string, env: Env = process.env, stateDir = places().stateDir): Promise<void> {
  if (existsSync(path)) await git(["-C", root, "worktree", "remove", "--force", path], env);
  await git(["-C", root, "worktree", "prune"], env);
  await git(["-C", root, "branch", "-D", branch], env);
  try { forgetWorktree(stateDir, path); } catch { /* its record stays: worktree list shows it gone */ }
}
