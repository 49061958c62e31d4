import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { BACKENDS, type BackendName } from "../backends/index.ts";
import { KiB, readRegularText } from "../util/regular-file.ts";
import { SKILL_BACKENDS } from "./discover.ts";

/** The most of a package.json read to tell an agentmux checkout (its name is near the top). */
const PACKAGE_JSON_MAX = 256 * KiB;

/**
 * `agentmux setup skills`: linking the bundled skills (etc/skills/<name>) into each tool's skills
 * directory. A plan reads the file system and changes nothing; applyLinks carries out what was agreed.
 */

/** What happens to one bundled skill in one skills directory. */
export type LinkAction =
  /** Nothing there: a link is made. */
  | "link"
  /** Already a link to this checkout's skill. */
  | "linked"
  /** A link into another agentmux checkout (or a dangling one to an old checkout): offered for relinking. */
  | "relink"
  /** Something agentmux did not link (a directory, a file, a link elsewhere): never replaced. */
  | "kept";

export interface LinkEntry { skill: string; path: string; source: string; action: LinkAction; existing: string | null }

export interface ToolPlan {
  backend: BackendName;
  label: string;
  /** The config homes this skills directory serves (an account home shares the canonical one's through a link). */
  homes: string[];
  skillsDir: string;
  /** A home that does not exist: nothing is linked for it. */
  skipped: boolean;
  entries: LinkEntry[];
}

type Env = Record<string, string | undefined>;

/** I/O: the bundled skills: each directory of etc/skills holding SKILL.md. */
export function bundledSkills(bundleDir: string): { name: string; dir: string }[] {
  let names: string[] = [];
  try { names = readdirSync(bundleDir); } catch { return []; }
  return names.sort().map((name) => ({ name, dir: join(bundleDir, name) })).filter((skill) => existsSync(join(skill.dir, "SKILL.md")));
}

function real(path: string): string {
  try { return realpathSync(path); } catch { return resolve(path); }
}

/** I/O: whether a link target is a skill of an agentmux checkout: <root>/etc/skills/<name>, its root gone or an agentmux package. */
export function isAgentmuxSkillPath(target: string): boolean {
  const parent = dirname(target);
  if (basename(parent) !== "skills" || basename(dirname(parent)) !== "etc") return false;
  const root = dirname(dirname(parent));
  const manifest = join(root, "package.json");
  if (!existsSync(root) || !existsSync(manifest)) return !existsSync(target);
  try { return (JSON.parse(readRegularText(manifest, { maxBytes: PACKAGE_JSON_MAX })) as { name?: unknown }).name === "agentmux"; } catch { return false; }
}

/** I/O: what to do with one bundled skill at path. */
export function linkAction(path: string, source: string): { action: LinkAction; existing: string | null } {
  let stat;
  try { stat = lstatSync(path); } catch { return { action: "link", existing: null }; }
  if (!stat.isSymbolicLink()) return { action: "kept", existing: stat.isDirectory() ? "a directory" : "a file" };
  const target = resolve(dirname(path), readlinkSync(path));
  if (real(target) === real(source)) return { action: "linked", existing: target };
  return { action: isAgentmuxSkillPath(target) ? "relink" : "kept", existing: target };
}

/** I/O: each skill backend's config homes: its variable (CLAUDE_CONFIG_DIR, CODEX_HOME), else ~/.claude, ~/.codex; then every configured account home. */
export function toolHomes(env: Env, accountHomes: Partial<Record<BackendName, readonly string[]>>): { backend: BackendName; homes: string[] }[] {
  return SKILL_BACKENDS.flatMap((backend) => {
    const accounts = BACKENDS[backend].accounts;
    if (!accounts) return [];
    const own = env[accounts.variable] || join(env["HOME"] || homedir(), accounts.canonicalDir);
    return [{ backend, homes: [...new Set([resolve(own), ...(accountHomes[backend] ?? []).map((home) => resolve(home))])] }];
  });
}

/** I/O: the plan for every tool home; homes whose skills directories are one (through links) are planned once. */
export function planLinks(bundleDir: string, tools: readonly { backend: BackendName; homes: string[] }[]): ToolPlan[] {
  const skills = bundledSkills(bundleDir);
  const plans: ToolPlan[] = [];
  for (const { backend, homes } of tools) {
    const directories = BACKENDS[backend].skillDirectories;
    if (!directories) continue;
    for (const home of homes) {
      const skillsDir = directories(home, null).global[0];
      if (skillsDir === undefined) continue;
      const skipped = !isDirectory(home);
      const same = plans.find((plan) => plan.backend === backend && !plan.skipped && !skipped && real(plan.skillsDir) === real(skillsDir));
      if (same) { same.homes.push(home); continue; }
      const entries = skipped ? [] : skills.map((skill) => {
        const path = join(skillsDir, skill.name);
        return { skill: skill.name, path, source: skill.dir, ...linkAction(path, skill.dir) };
      });
      plans.push({ backend, label: BACKENDS[backend].label, homes: [home], skillsDir, skipped, entries });
    }
  }
  return plans;
}

function isDirectory(path: string): boolean {
  try { return statSync(path).isDirectory(); } catch { return false; }
}

/** Pure: whether a plan has something to change (a link to make or to renew). */
export function hasChanges(plan: ToolPlan): boolean {
  return plan.entries.some((entry) => entry.action === "link" || entry.action === "relink");
}

/** I/O: make the plan's links (a relink replaces the old link in one rename); answers the entries changed. */
export function applyLinks(plan: ToolPlan): LinkEntry[] {
  const changed: LinkEntry[] = [];
  for (const entry of plan.entries) {
    if (entry.action !== "link" && entry.action !== "relink") continue;
    mkdirSync(plan.skillsDir, { recursive: true });
    if (entry.action === "link") {
      symlinkSync(entry.source, entry.path, "dir");
    } else {
      const temporary = `${entry.path}.agentmux-${process.pid}`;
      rmSync(temporary, { force: true });
      symlinkSync(entry.source, temporary, "dir");
      renameSync(temporary, entry.path);
    }
    changed.push(entry);
  }
  return changed;
}
