import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";

/**
 * A session home: the place agentmux points a CLI at (through the CLI's own variable) so that its
 * sessions read agentmux's hooks, for a CLI that reads hooks only from a settings file in its
 * directory (~/.gemini, ~/.qwen, ~/.factory …). The user's directory is only read:
 * - the files given (the user's settings plus agentmux's hooks) are written into the home's copy of
 *   the directory, rewritten at every launch, so a change the user makes reaches the next session;
 * - every other entry of the user's directory is a symbolic link to theirs, and so are the known
 *   files (login, trust) before they exist, so a login or a trust decision made in a session is
 *   the user's. (A directory is linked only when the user has it: a CLI cannot create a directory
 *   through a dangling link; name it in ensureDirs to have it created.)
 */
export interface SettingsHomeRequest {
  stateDir: string;
  /** The state directory's folder holding this CLI's homes ("gemini-home"). */
  folder: string;
  /** The user's own directory of the CLI (~/.gemini). */
  userDir: string;
  /**
   * Where the copy of userDir goes inside the home: ".gemini" when the CLI's variable names the
   * directory that holds it (GEMINI_CLI_HOME), "" when it names the directory itself.
   */
  mirror: string;
  /** Files written into the copy (name → text, mode 0600), instead of links to the user's. */
  files: Readonly<Record<string, string>>;
  /** Files linked even before the user has them. */
  knownFiles?: readonly string[];
  /** Directories of userDir created when missing (so what sessions write there is the user's). */
  ensureDirs?: readonly string[];
}

export interface SettingsHome {
  /** The home: what the CLI's variable is set to when mirror is "", its parent otherwise. */
  home: string;
  /** The copy of the user's directory (home/mirror). */
  dir: string;
}

/** The home standing in for one user's directory: under the state dir, named by a hash of its path. */
export function settingsHomeOf(stateDir: string, folder: string, userDir: string): string {
  return join(stateDir, folder, createHash("sha256").update(userDir).digest("hex").slice(0, 16));
}

/** Make path a symbolic link to target (atomically), unless it already is one, or is a real file a CLI wrote over a link. */
export function linkTo(path: string, target: string): void {
  let current: string | undefined;
  try {
    const stat = lstatSync(path);
    // A real file here was written by the CLI over a link (never the user's): keep it, it is theirs now.
    if (!stat.isSymbolicLink()) return;
    current = readlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (current === target) return;
  const tmp = `${path}.${process.pid}.link`;
  symlinkSync(target, tmp);
  try {
    renameSync(tmp, path);
  } catch (error) {
    try { unlinkSync(tmp); } catch { /* gone */ }
    throw error;
  }
}

/** I/O: make (or refresh) the session home of a request; answers where it is. */
export function prepareSettingsHome(request: SettingsHomeRequest): SettingsHome {
  const home = settingsHomeOf(request.stateDir, request.folder, request.userDir);
  const dir = request.mirror === "" ? home : join(home, request.mirror);
  for (const name of request.ensureDirs ?? []) mkdirSync(join(request.userDir, name), { recursive: true, mode: 0o700 });
  mkdirSync(request.userDir, { recursive: true, mode: 0o700 });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A given file still linked to the user's (an earlier home linked it) becomes the home's own: the user's is only read.
  for (const [name, text] of Object.entries(request.files)) writeFileAtomic(join(dir, name), text, 0o600, { replaceLink: true });
  const names = new Set([...(request.knownFiles ?? []), ...readdirSync(request.userDir)]);
  for (const name of Object.keys(request.files)) names.delete(name);
  for (const name of names) linkTo(join(dir, name), join(request.userDir, name));
  return { home, dir };
}
