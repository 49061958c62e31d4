import { realpathSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import { withFileLock } from "../util/lock-file.ts";
import { readStateFile } from "../util/state-file.ts";

/** A git worktree agentmux made (new --worktree, branch --worktree): what `worktree list` shows and `merge` merges. */
export interface MadeWorktree {
  path: string;
  branch: string;
  /** The repository's top directory it was made from. */
  root: string;
  /** The branch root had checked out then ("" when unknown): where `merge` merges into by default. */
  from: string;
  /** The commit it started at (the branch point). */
  base: string;
  /** When it was made (ms). */
  made: number;
}

/** Where the made worktrees are recorded. */
export function worktreesFile(stateDir: string): string {
  return join(stateDir, "worktrees.json");
}

function parse(value: unknown): MadeWorktree | null {
  if (!isJsonObject(value)) return null;
  const { path, branch, root, from, base, made } = value;
  if (typeof path !== "string" || typeof branch !== "string" || typeof root !== "string" || path === "" || branch === "") return null;
  return { path, branch, root, from: typeof from === "string" ? from : "", base: typeof base === "string" ? base : "", made: typeof made === "number" ? made : 0 };
}

/** I/O: the worktrees agentmux made, oldest first; a corrupt file is kept aside and reported (none then). */
export function madeWorktrees(stateDir: string): MadeWorktree[] {
  const read = readStateFile(worktreesFile(stateDir), { valid: (v) => isJsonObject(v) && Array.isArray(v["worktrees"]) });
  if (read.kind !== "ok" || !isJsonObject(read.value)) return [];
  const list = read.value["worktrees"];
  return Array.isArray(list) ? list.flatMap((w) => parse(w) ?? []) : [];
}

function change(stateDir: string, edit: (list: MadeWorktree[]) => MadeWorktree[]): void {
  const file = worktreesFile(stateDir);
  withFileLock(file, () => {
    const next = edit(madeWorktrees(stateDir));
    writeFileAtomic(file, `${JSON.stringify({ worktrees: next }, null, 1)}\n`, 0o600);
  }, { waitMs: 2000 });
}

/** I/O: record a worktree just made (one at that path replaces an older record). */
export function recordWorktree(stateDir: string, made: MadeWorktree): void {
  change(stateDir, (list) => [...list.filter((w) => w.path !== made.path), made]);
}

/** I/O: forget the worktree at path (removed). */
export function forgetWorktree(stateDir: string, path: string): void {
  change(stateDir, (list) => list.filter((w) => w.path !== path));
}

/** A directory with its symbolic links resolved (as given when it cannot be). */
export function realDir(dir: string): string {
  try { return realpathSync(dir); } catch { return dir; }
}

/** The made worktree that holds dir (its path or below), if any: dir as given, or with its links resolved. */
export function worktreeHolding(list: readonly MadeWorktree[], dir: string): MadeWorktree | undefined {
  const holds = (d: string) => list.find((w) => d === w.path || d.startsWith(`${w.path}/`));
  return holds(dir) ?? holds(realDir(dir));
}
