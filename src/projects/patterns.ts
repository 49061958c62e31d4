import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join, sep } from "node:path";
import { expandHome } from "../util/paths.ts";

type Env = Record<string, string | undefined>;

/** What one path pattern reached: the directories, or why the pattern cannot be expanded at all. */
export type Expansion = { ok: true; directories: string[] } | { ok: false; problem: string };

/** Whether a path component holds a wildcard: `*`, `?` or a `[…]` character class. */
export function hasWildcard(text: string): boolean {
  return /[*?[]/.test(text);
}

/** Whether a directory is a git repository or worktree: its .git is a directory, or (a worktree) a file. */
export function isGitDirectory(dir: string): boolean {
  try {
    const git = statSync(join(dir, ".git"));
    return git.isDirectory() || git.isFile();
  } catch {
    return false;
  }
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Pure: one path component with wildcards as an anchored regular expression. `*` any run of
 * characters, `?` one, `[abc]`, `[a-z]`, `[!abc]`/`[^abc]` a class. Throws on an unbalanced `[`.
 */
export function componentRegex(component: string): RegExp {
  let source = "";
  for (let i = 0; i < component.length; i++) {
    const c = component[i] as string;
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      // A `]` right after the opening (or after its negation) is a member, as in the shell.
      let j = i + 1;
      if (component[j] === "!" || component[j] === "^") j++;
      if (component[j] === "]") j++;
      while (j < component.length && component[j] !== "]") j++;
      if (j >= component.length) throw new Error(`unbalanced "[" in "${component}"`);
      let body = component.slice(i + 1, j);
      let negate = false;
      if (body.startsWith("!") || body.startsWith("^")) { negate = true; body = body.slice(1); }
      if (body === "") throw new Error(`empty character class in "${component}"`);
      source += `[${negate ? "^" : ""}${body.replace(/[\\\]^]/g, (m) => `\\${m}`)}]`;
      i = j;
    } else source += c.replace(/[.+^${}()|\\\]]/g, (m) => `\\${m}`);
  }
  try {
    return new RegExp(`^${source}$`, "u");
  } catch (error) {
    throw new Error(`bad character class in "${component}": ${(error as Error).message}`);
  }
}

function children(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * I/O: the directories a path pattern names (`~` expanded). With wildcards, each wildcard
 * component is one level of children and only git repositories and worktrees are kept; without,
 * the one directory, repository or not, when it exists. A pattern that cannot be expanded (an
 * unbalanced `[`, a relative path) answers its problem instead.
 */
export function expandPattern(pattern: string, env: Env = process.env): Expansion {
  const path = expandHome(pattern, env);
  if (!isAbsolute(path)) return { ok: false, problem: `the path pattern "${pattern}" is not absolute (start it with / or ~/)` };
  if (!hasWildcard(path)) return { ok: true, directories: isDirectory(path) ? [path] : [] };
  const components = path.split(sep).filter((c) => c !== "");
  let matchers: Array<string | RegExp>;
  try {
    matchers = components.map((c) => (hasWildcard(c) ? componentRegex(c) : c));
  } catch (error) {
    return { ok: false, problem: `the path pattern "${pattern}" cannot be expanded: ${(error as Error).message}` };
  }
  let reached: string[] = [sep];
  matchers.forEach((matcher, index) => {
    const hidden = typeof matcher !== "string" && (components[index] as string).startsWith(".");
    reached = reached.flatMap((dir) => typeof matcher === "string"
      ? [join(dir, matcher)]
      : children(dir).filter((name) => (hidden || !name.startsWith(".")) && matcher.test(name)).map((name) => join(dir, name)));
  });
  return { ok: true, directories: reached.filter((dir) => isDirectory(dir) && isGitDirectory(dir)) };
}
