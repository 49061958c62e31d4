import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { claudeConfigDir } from "./global.ts";
import { scanProjectDirs } from "./conversations.ts";
import { dirSpellings, lineageOf } from "../shared/lineage-scan.ts";
import type { LineagePair, LineagePlace } from "../shared/types.ts";

// Claude Code cuts a project directory name longer than this and appends "-<hash of the path>".
const MAX_PROJECT_NAME = 200;

/** Claude Code's project directory name for a working directory: every character outside [a-zA-Z0-9] becomes "-". */
export function claudeProjectName(dir: string): string {
  return dir.replace(/[^a-zA-Z0-9]/gu, "-");
}

/** <config dir>/projects: where Claude Code keeps a folder of transcripts per working directory. */
export function claudeProjectsRoot(env: Record<string, string | undefined>): string {
  return join(claudeConfigDir(env), "projects");
}

/**
 * The fork pairs among the transcripts of the project directory of place.dir
 * (<config dir>/projects/<escaped dir>/<session id>.jsonl) and of those where one of its
 * conversations was copied to be forked (placeProjectDirs): the parents of the conversations scanned
 * there (conversations.ts). Null when no project directory exists, a transcript cannot be read, or
 * there are more than LINEAGE_SCAN_LIMIT of them.
 */
export function claudeLineage(place: LineagePlace): LineagePair[] | null {
  try {
    const dirs = placeProjectDirs(claudeProjectsRoot(place.env), place.dir);
    if (dirs.length === 0) return null;
    const headers = scanProjectDirs(dirs);
    return headers && lineageOf(headers);
  } catch {
    return null;
  }
}

/** The project directories that exist for a working directory (a long name is matched by its cut prefix). */
export function projectDirs(projects: string, dir: string): string[] {
  const found = new Set<string>();
  for (const spelling of dirSpellings(dir)) {
    const name = claudeProjectName(spelling);
    if (name.length <= MAX_PROJECT_NAME) {
      if (isDir(join(projects, name))) found.add(join(projects, name));
      continue;
    }
    const prefix = `${name.slice(0, MAX_PROJECT_NAME)}-`;
    let names: string[] = [];
    try { names = readdirSync(projects); } catch { continue; }
    for (const n of names) if (n.startsWith(prefix)) found.add(join(projects, n));
  }
  return [...found];
}

/**
 * The project directories of dir, and every other one holding a transcript of the same name as one of
 * theirs (a conversation copied there to be forked in another directory, e.g. a worktree: prepareFork),
 * repeated until no more are found. Only directory listings are read.
 */
export function placeProjectDirs(projects: string, dir: string): string[] {
  const found = projectDirs(projects, dir);
  if (found.length === 0) return found;
  const listings = new Map(allProjectDirs(projects).map((d) => [d, transcriptNames(d)]));
  const names = new Set(found.flatMap((d) => listings.get(d) ?? transcriptNames(d)));
  for (let grew = true; grew;) {
    grew = false;
    for (const [d, listing] of listings) {
      if (found.includes(d) || !listing.some((n) => names.has(n))) continue;
      found.push(d);
      for (const n of listing) names.add(n);
      grew = true;
    }
  }
  return found;
}

function transcriptNames(dir: string): string[] {
  try { return readdirSync(dir).filter((n) => n.endsWith(".jsonl")); } catch { return []; }
}

/** Every project directory; none when the config directory has no projects folder. */
export function allProjectDirs(projects: string): string[] {
  let names: string[];
  try { names = readdirSync(projects); } catch { return []; }
  return names.map((n) => join(projects, n)).filter(isDir);
}

/** The project directory a transcript for dir is written to: the existing one, else the escaped name (null when too long to know). */
export function projectDirFor(projects: string, dir: string): string | null {
  const existing = projectDirs(projects, dir)[0];
  if (existing !== undefined) return existing;
  const name = claudeProjectName(dirSpellings(dir)[0] ?? dir);
  return name.length <= MAX_PROJECT_NAME ? join(projects, name) : null;
}

function isDir(dir: string): boolean {
  try { return statSync(dir).isDirectory(); } catch { return false; }
}
