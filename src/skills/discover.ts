import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { BACKEND_NAMES, BACKENDS, type BackendName } from "../backends/index.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { MiB, readRegularText } from "../util/regular-file.ts";
import { parseSkillFrontmatter, type SkillFrontmatter } from "./frontmatter.ts";

/** Where a skill was found: a directory its CLI loads everywhere, one it loads in this project, or a configured one (skills.directories) no interactive session loads. */
export type SkillScope = "global" | "project" | "configured";

export interface Skill {
  /** What `skill run` takes: the name, or backend:name (config:name) when another skill has the same name. */
  id: string;
  name: string;
  /** The CLI that loads it; null: a configured skill, run with any backend. */
  backend: BackendName | null;
  scope: SkillScope;
  dir: string;
  file: string;
  meta: SkillFrontmatter;
}

/** A skill directory whose SKILL.md could not be read or parsed: the error names the file, line and key. */
export interface SkillProblem { name: string; backend: BackendName | null; file: string; error: Error }

export interface Discovery { skills: Skill[]; problems: SkillProblem[] }

export interface DiscoverOptions {
  /** The current (project) directory: its skill directories and those of its parents up to the repository root. */
  cwd: string;
  /** Each backend's config home (CLAUDE_CONFIG_DIR, CODEX_HOME), null for the default. */
  homes: Partial<Record<BackendName, string | null>>;
  /** skills.directories of the config. */
  configured: readonly string[];
  /** Only this backend's skills (and the configured ones). */
  backend?: BackendName | undefined;
}

/** The largest SKILL.md read: its frontmatter and instructions (the CLIs advise a few hundred lines). */
export const SKILL_FILE_MAX = MiB;

/** The backends whose CLI loads skills. */
export const SKILL_BACKENDS = BACKEND_NAMES.filter((name) => BACKENDS[name].skillDirectories !== undefined);

/** The qualifier of a configured skill in a disambiguated id. */
export const CONFIGURED_LABEL = "config";

/** I/O: dir and its parents up to the nearest one holding .git; just dir when none does. */
export function projectDirs(dir: string): string[] {
  const chain: string[] = [];
  let at = resolve(dir);
  for (;;) {
    chain.push(at);
    if (existsSync(join(at, ".git"))) return chain;
    const up = dirname(at);
    if (up === at) return [resolve(dir)];
    at = up;
  }
}

function isDir(path: string): boolean {
  try { return statSync(path).isDirectory(); } catch { return false; }
}

/** I/O: the skill directories in root (each a directory, or a link to one, holding SKILL.md; hidden ones skipped). */
function skillDirsIn(root: string): string[] {
  let names: string[];
  try { names = readdirSync(root); } catch { return []; }
  return names.filter((name) => !name.startsWith(".")).sort().map((name) => join(root, name)).filter((dir) => isDir(dir) && existsSync(join(dir, "SKILL.md")));
}

interface Found { name: string; backend: BackendName | null; scope: SkillScope; dir: string; file: string; meta: SkillFrontmatter }

function readSkills(root: string, backend: BackendName | null, scope: SkillScope, found: Found[], problems: SkillProblem[]): void {
  for (const dir of skillDirsIn(root)) {
    const file = join(dir, "SKILL.md");
    try {
      const meta = parseSkillFrontmatter(readRegularText(file, { maxBytes: SKILL_FILE_MAX }), file, basename(dir));
      found.push({ name: meta.name, backend, scope, dir, file, meta });
    } catch (error) {
      if (!isAgentmuxError(error) && !(error instanceof Error && "code" in error)) throw error;
      problems.push({ name: basename(dir), backend, file, error: error as Error });
    }
  }
}

/** Pure: ids for the found skills; a name found under more than one backend (or configured) is qualified everywhere. */
export function assignIds(found: readonly Found[]): Skill[] {
  const owners = new Map<string, Set<string>>();
  for (const skill of found) {
    const set = owners.get(skill.name) ?? new Set<string>();
    set.add(skill.backend ?? CONFIGURED_LABEL);
    owners.set(skill.name, set);
  }
  return found.map((skill) => ({
    ...skill,
    id: (owners.get(skill.name)?.size ?? 0) > 1 ? `${skill.backend ?? CONFIGURED_LABEL}:${skill.name}` : skill.name,
  }));
}

/**
 * I/O: every skill of every backend that loads skills (its global directories, then its project
 * directories from the current directory up to the repository root), then the configured
 * directories. Within one backend (or the configured ones) the first skill of a name wins.
 */
export function discoverSkills(options: DiscoverOptions): Discovery {
  const found: Found[] = [];
  const problems: SkillProblem[] = [];
  const projects = projectDirs(options.cwd);
  for (const name of SKILL_BACKENDS) {
    if (options.backend !== undefined && options.backend !== name) continue;
    const directories = BACKENDS[name].skillDirectories;
    if (!directories) continue;
    const home = options.homes[name] ?? null;
    const roots = [...directories(home, null).global, ...projects.flatMap((dir) => directories(home, dir).project)];
    for (const root of roots) readSkills(root, name, roots.indexOf(root) < directories(home, null).global.length ? "global" : "project", found, problems);
  }
  for (const root of options.configured) readSkills(root, null, "configured", found, problems);
  const seen = new Set<string>();
  const unique = found.filter((skill) => {
    const key = `${skill.backend ?? ""}\0${skill.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { skills: assignIds(unique), problems };
}
