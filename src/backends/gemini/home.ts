import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, symlinkSync, unlinkSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { shellScript } from "../../util/install-dir.ts";
import { readGeminiSettings, sessionSettings } from "./settings.ts";

type Env = Record<string, string | undefined>;

/** Gemini CLI's variable for the directory that holds its `.gemini` (default: the user's home). */
export const HOME_VARIABLE = "GEMINI_CLI_HOME";

/**
 * Files Gemini CLI 0.61 keeps in ~/.gemini, linked even before they exist so that a login or a
 * trust decision made in a session lands in the user's own directory. (Directories are linked only
 * when the user has them: Gemini cannot create a directory through a dangling link.)
 */
const KNOWN_FILES = ["oauth_creds.json", "google_accounts.json", "installation_id", "trustedFolders.json", "projects.json"];

/** The `.gemini` directory Gemini would use without agentmux. */
export function userGeminiDir(env: Env = process.env): string {
  return join(env[HOME_VARIABLE] || env["HOME"] || homedir(), ".gemini");
}

/** The session home standing in for one user's: under the state dir, named by a hash of that user's .gemini path. */
export function geminiSessionHome(stateDir: string, userDir: string): string {
  return join(stateDir, "gemini-home", createHash("sha256").update(userDir).digest("hex").slice(0, 16));
}

function linkTo(path: string, target: string): void {
  let current: string | undefined;
  try {
    const stat = lstatSync(path);
    // A real file here was written by Gemini over a link (never the user's): keep it, it is theirs now.
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

export interface GeminiHomeRequest { stateDir: string; env?: Env; hookPath?: string }

/**
 * A home for agentmux's Gemini sessions: `<home>/.gemini/settings.json` holds the user's own
 * settings plus agentmux's hooks (rewritten at each launch), and every other entry of the user's
 * ~/.gemini is a link to theirs (login, trusted folders, history, extensions, commands …).
 * Answers the environment that points Gemini there. The user's files are only read.
 */
export function prepareGeminiHome(request: GeminiHomeRequest): Record<string, string> {
  const userDir = userGeminiDir(request.env ?? process.env);
  const home = geminiSessionHome(request.stateDir, userDir);
  const dir = join(home, ".gemini");
  // Gemini's own directory and its tmp/ (where chats are kept, for --resume inside and outside agentmux).
  mkdirSync(join(userDir, "tmp"), { recursive: true, mode: 0o700 });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const userSettings = join(userDir, "settings.json");
  const settings = sessionSettings(readGeminiSettings(userSettings), request.hookPath ?? shellScript("agentmux-hook"), userSettings);
  writeFileAtomic(join(dir, "settings.json"), `${JSON.stringify(settings, null, 2)}\n`, 0o600);
  const names = new Set([...KNOWN_FILES, ...readdirSync(userDir)]);
  names.delete("settings.json");
  for (const name of names) linkTo(join(dir, name), join(userDir, name));
  return { [HOME_VARIABLE]: home };
}
