import { statSync } from "node:fs";
import { basename, isAbsolute, join, resolve } from "node:path";
import { KiB, MiB, readRegularText } from "../util/regular-file.ts";
import type { ProjectCandidate } from "./candidate.ts";
import { isDirectory } from "./patterns.ts";

/** A worktree's .git file and a git directory's commondir: one line naming a directory. */
const GIT_POINTER_MAX = 8 * KiB;
/** A clone's git config: remotes, branches, settings. */
const GIT_CONFIG_MAX = MiB;

/** I/O: the git directory of a clone or worktree (a worktree's .git file names it), or null. */
export function gitDirectory(dir: string): string | null {
  const dotGit = join(dir, ".git");
  try {
    const stat = statSync(dotGit);
    if (stat.isDirectory()) return dotGit;
    if (!stat.isFile()) return null;
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(readRegularText(dotGit, { maxBytes: GIT_POINTER_MAX }));
    if (!match) return null;
    const gitdir = match[1] as string;
    return isAbsolute(gitdir) ? gitdir : resolve(dir, gitdir);
  } catch {
    return null;
  }
}

/** I/O: the config file holding a clone's remotes: a worktree's is in the common directory it names. */
function gitConfigFile(gitDir: string): string {
  try {
    const common = readRegularText(join(gitDir, "commondir"), { maxBytes: GIT_POINTER_MAX }).trim();
    if (common) return join(isAbsolute(common) ? common : resolve(gitDir, common), "config");
  } catch {
    // not a linked worktree
  }
  return join(gitDir, "config");
}

/** Pure: the URL of remote "origin" in a git config file's text, or null. */
export function originUrl(configText: string): string | null {
  let inOrigin = false;
  for (const raw of configText.split("\n")) {
    const line = raw.trim();
    const section = /^\[\s*remote\s+"(.*)"\s*\]$/.exec(line);
    if (section) { inOrigin = section[1] === "origin"; continue; }
    if (line.startsWith("[")) { inOrigin = false; continue; }
    const url = /^url\s*=\s*(.*)$/.exec(line);
    if (inOrigin && url) return (url[1] as string).replace(/^"(.*)"$/, "$1");
  }
  return null;
}

/** Pure: "owner/name" of a GitHub remote URL (https, ssh, scp-like), lower-cased; null for another host or shape. */
export function githubSlug(url: string): string | null {
  const match = /^(?:(?:https?|git|ssh):\/\/(?:[^@/]+@)?github\.com(?::\d+)?\/|(?:[^@/]+@)?github\.com:)([^/]+)\/([^/]+?)(?:\.git)?\/?$/i.exec(url.trim());
  return match ? `${match[1]}/${match[2]}`.toLowerCase() : null;
}

/** I/O: the GitHub slug of a clone's origin; undefined when its origin cannot be read (no clone, no origin). */
function cloneSlug(dir: string): string | null | undefined {
  const gitDir = gitDirectory(dir);
  if (!gitDir) return undefined;
  let text: string;
  try {
    text = readRegularText(gitConfigFile(gitDir), { maxBytes: GIT_CONFIG_MAX });
  } catch {
    return undefined;
  }
  const url = originUrl(text);
  return url === null ? undefined : githubSlug(url);
}

/**
 * I/O: the local clone of the GitHub repository "owner/name" among the candidates: a clone whose
 * origin is that repository; where a clone's origin cannot be read, one whose directory is named
 * name. Null when no candidate's clone exists.
 */
export function repositoryDirectory(candidates: ProjectCandidate[], slug: string): string | null {
  const wanted = slug.trim().replace(/\.git$/, "").toLowerCase();
  const name = wanted.split("/").pop() ?? wanted;
  const clones = [...new Set(candidates.map((c) => c.repository).filter((r): r is string => r !== null))].filter(isDirectory);
  const slugs = clones.map((dir) => ({ dir, slug: cloneSlug(dir) }));
  const byOrigin = slugs.find((c) => c.slug === wanted);
  if (byOrigin) return byOrigin.dir;
  const byName = slugs.find((c) => c.slug === undefined && basename(c.dir).toLowerCase() === name);
  return byName?.dir ?? null;
}
