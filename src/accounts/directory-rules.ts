import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";
import type { AccountBackend } from "../backends/account-homes.ts";
import type { DirectoryRule } from "../config/accounts.ts";

/**
 * Whether a backend declares an account or pool of this name: an every-backend rule
 * (`account: NAME`) governs only the backends that do, so a name one backend lacks never breaks
 * the others (accounts.ts declaresName).
 */
export type Governs = (backend: AccountBackend, name: string) => boolean;

/** The name a rule gives a backend, or undefined when the rule does not govern it. */
export function ruleName(rule: DirectoryRule, backend: AccountBackend, governs: Governs): string | undefined {
  if (typeof rule.selection === "string") return governs(backend, rule.selection) ? rule.selection : undefined;
  return rule.selection[backend];
}

export function isWithin(dir: string, root: string): boolean {
  const base = root.endsWith(sep) ? root.slice(0, -1) : root;
  return dir === base || dir.startsWith(base + sep) || base === "";
}

export interface RuleMatch { rule: DirectoryRule; index: number; name: string; matched: "directory" | "git-common-dir" }

/**
 * Pure: the first rule governing the backend that holds dir; when none does, the first that holds
 * the repository's common git directory (so a linked worktree follows its repository). All paths
 * are already resolved. `governs` says which backends an every-backend rule applies to.
 */
export function matchRule(rules: readonly DirectoryRule[], backend: AccountBackend, governs: Governs, dir: string, gitCommonDir: string | undefined): RuleMatch | undefined {
  const pass = (path: string, matched: RuleMatch["matched"]): RuleMatch | undefined => {
    for (const [index, rule] of rules.entries()) {
      const name = ruleName(rule, backend, governs);
      if (name !== undefined && isWithin(path, rule.dir)) return { rule, index, name, matched };
    }
    return undefined;
  };
  return pass(dir, "directory") ?? (gitCommonDir === undefined ? undefined : pass(gitCommonDir, "git-common-dir"));
}

/** A path with its symbolic links resolved; a path that does not exist is only made absolute. */
export function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** The repository's common git directory (the main repository's .git for a linked worktree), or undefined outside git. */
export function gitCommonDir(dir: string): string | undefined {
  try {
    const out = execFileSync("git", ["rev-parse", "--git-common-dir"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000 }).trim();
    return out === "" ? undefined : realPath(resolve(dir, out));
  } catch {
    return undefined;
  }
}

/** The rule for a session's directory, with symbolic links resolved on both sides. */
export function directoryRuleFor(rules: readonly DirectoryRule[], backend: AccountBackend, governs: Governs, dir: string): RuleMatch | undefined {
  if (rules.length === 0) return undefined;
  const resolved = rules.map((rule) => ({ ...rule, dir: realPath(rule.dir) }));
  const here = realPath(dir);
  const direct = matchRule(resolved, backend, governs, here, undefined);
  if (direct) return { ...direct, rule: rules[direct.index] as DirectoryRule };
  const match = matchRule(resolved, backend, governs, here, gitCommonDir(here));
  return match ? { ...match, rule: rules[match.index] as DirectoryRule } : undefined;
}
