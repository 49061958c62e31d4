import { realpathSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { expandHome } from "../util/paths.ts";
import { compileUserRegex, type UserRegex, type UserRegexError } from "../util/user-regex.ts";
import type { ProjectCandidate } from "./candidate.ts";
import { knownDirectories } from "./known.ts";
import { expandPattern, isGitDirectory } from "./patterns.ts";
import { registryCandidates } from "./registry.ts";

export type { ProjectCandidate } from "./candidate.ts";
export { repositoryDirectory } from "./repository.ts";

type Env = Record<string, string | undefined>;

/** One source as the config gives it: "known", a path pattern, a registry file (*.json), or {registry, root}. */
export type ProjectSource = string | { registry: string; root?: string | undefined };

/** The sources when projects.sources lists none. */
export const DEFAULT_SOURCES: readonly ProjectSource[] = ["known", "~/repos/*", "~/code/*", "~/src/*", "~/projects/*", "~/Developer/*"];

const HINT = "list the account's sources under projects.sources in the config (known, path patterns like ~/repos/*, registry files)";

/**
 * Pure: the sources of the first projects.sources entry whose regex is found in the account's name
 * (an empty regex matches any account, and no account). Throws for a bad regex, and when no entry matches.
 */
export function sourcesFor(account: string | null, config: Config): readonly ProjectSource[] {
  const entries = config.projects.sources ?? [];
  if (entries.length === 0) return DEFAULT_SOURCES;
  for (const [index, entry] of entries.entries()) {
    if (entry.account === "") return entry.sources;
    if (account === null) continue;
    let regex: UserRegex;
    try {
      regex = compileUserRegex(entry.account);
    } catch (error) {
      throw new AgentmuxError(`projects.sources entry ${index + 1}: the account regex "${entry.account}" is not valid: ${(error as Error).message}`, { hint: `fix the regex in projects.sources: ${(error as UserRegexError).fix}`, exitCode: 2 });
    }
    if (regex.test(account)) return entry.sources;
  }
  throw new AgentmuxError(account === null ? "no projects.sources entry applies to a backend with no account selected" : `no projects.sources entry matches the account "${account}"`, {
    hint: `add an entry for it, or a catch-all with account: "" (${HINT})`,
  });
}

function realPath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/** Pure: a directory under $HOME as ~/…. */
export function abbreviate(dir: string, env: Env = process.env): string {
  const home = env["HOME"];
  if (!home || home === "/") return dir;
  if (dir === home) return "~";
  return dir.startsWith(`${home}/`) ? `~/${dir.slice(home.length + 1)}` : dir;
}

function directoryCandidate(dir: string): ProjectCandidate {
  return { label: basename(dir) || dir, directory: dir, repository: isGitDirectory(dir) ? dir : null, description: null };
}

/** I/O: the candidates of one source, in its order; a malformed path pattern is a problem, not an error. */
function fromSource(source: ProjectSource, config: Config, env: Env, problems: string[]): ProjectCandidate[] {
  if (typeof source !== "string") return registryCandidates(source.registry, source.root ?? null, config.projects.registryRoot ?? null, env);
  if (source === "known") return knownDirectories(env).map(directoryCandidate);
  if (source.endsWith(".json")) return registryCandidates(source, null, config.projects.registryRoot ?? null, env);
  const expansion = expandPattern(source, env);
  if (!expansion.ok) { problems.push(expansion.problem); return []; }
  return expansion.directories.map(directoryCandidate);
}

/**
 * Pure: one entry per real path (the first keeps its place and label, taking a description or
 * repository it lacks from a later one), and every label shared by two replaced with the
 * abbreviated directory.
 */
export function dedupeCandidates(candidates: ProjectCandidate[], env: Env = process.env, real: (dir: string) => string = realPath): ProjectCandidate[] {
  const byPath = new Map<string, ProjectCandidate>();
  for (const candidate of candidates) {
    const key = real(candidate.directory);
    const first = byPath.get(key);
    if (!first) { byPath.set(key, { ...candidate }); continue; }
    first.description ??= candidate.description;
    first.repository ??= candidate.repository;
  }
  const unique = [...byPath.values()];
  const counts = new Map<string, number>();
  for (const c of unique) counts.set(c.label, (counts.get(c.label) ?? 0) + 1);
  return unique.map((c) => ((counts.get(c.label) ?? 0) > 1 ? { ...c, label: abbreviate(c.directory, env) } : c));
}

/**
 * I/O: the projects a session of this account can start in, from the first projects.sources
 * entry matching it. Malformed path patterns are skipped and answered as problems; a missing
 * registry, a relative registry path with no root, and sources yielding nothing throw.
 */
export function projectCandidates(account: string | null, config: Config, env: Env = process.env): { candidates: ProjectCandidate[]; problems: string[] } {
  const problems: string[] = [];
  const sources = sourcesFor(account, config);
  const found = sources.flatMap((source) => fromSource(typeof source === "string" ? source : { ...source, registry: expandHome(source.registry, env) }, config, env, problems));
  const candidates = dedupeCandidates(found, env);
  if (candidates.length === 0) {
    const who = account === null ? "with no account selected" : `of the account "${account}"`;
    const skipped = problems.length > 0 ? `; skipped: ${problems.join("; ")}` : "";
    throw new AgentmuxError(`the project sources ${who} yield no project (${sources.map((s) => (typeof s === "string" ? s : s.registry)).join(", ")}${skipped})`, { hint: HINT });
  }
  return { candidates, problems };
}
