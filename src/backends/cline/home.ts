import { homedir } from "node:os";
import { join } from "node:path";
import { shellScript } from "../../util/install-dir.ts";
import { prepareSettingsHome, settingsHomeOf } from "../shared/settings-home.ts";
import { readUserHooks, sessionHookFiles, writeHooksDir } from "./hooks-dir.ts";

type Env = Record<string, string | undefined>;

/** Cline's variable for its directory (default ~/.cline): hooks, data (login, sessions), rules, skills … */
export const CLINE_DIR_VARIABLE = "CLINE_DIR";

/** The state directory's folder of Cline's session directories. */
const FOLDER = "cline-home";

/** Directories Cline makes in its directory at every start: made in the user's, so that what sessions write there is theirs. */
const ENSURE_DIRS = ["data", "tasks", "cron"];

/** The Cline directory Cline would use without agentmux. */
export function userClineDir(env: Env = process.env): string {
  return env[CLINE_DIR_VARIABLE]?.trim() || join(env["HOME"] || homedir(), ".cline");
}

/** The session directory standing in for one user's: under the state dir, named by a hash of that user's Cline directory. */
export function clineSessionDir(stateDir: string, userDir: string): string {
  return settingsHomeOf(stateDir, FOLDER, userDir);
}

export interface ClineHomeRequest { stateDir: string; env?: Env; hookPath?: string }

/**
 * A Cline directory for agentmux's sessions: its hooks/ holds agentmux's forwarder for each event
 * plus a stand-in for each of the user's own hook files (rewritten at each launch), and every
 * other entry of the user's ~/.cline is a link to theirs (data: login, settings and sessions;
 * rules, skills, workflows …). Cline reads its hooks only from its directory, the user's
 * ~/Documents/Cline/Hooks and the project's, and its --hooks-dir flag does nothing in 3.0.65; so a
 * session gets CLINE_DIR. The user's files are only read.
 */
export function prepareClineHome(request: ClineHomeRequest): Record<string, string> {
  const userDir = userClineDir(request.env ?? process.env);
  const dir = clineSessionDir(request.stateDir, userDir);
  const files = sessionHookFiles(join(userDir, "hooks"), readUserHooks(join(userDir, "hooks")), request.hookPath ?? shellScript("agentmux-hook"));
  // A real hooks/ first: the home links every other entry, and leaves a directory of its own alone.
  writeHooksDir(join(dir, "hooks"), files);
  prepareSettingsHome({ stateDir: request.stateDir, folder: FOLDER, userDir, mirror: "", files: {}, ensureDirs: ENSURE_DIRS });
  return { [CLINE_DIR_VARIABLE]: dir };
}
