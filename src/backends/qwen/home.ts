import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { shellScript } from "../../util/install-dir.ts";
import { prepareSettingsHome, settingsHomeOf } from "../shared/settings-home.ts";
import { settingsHomeTheme } from "../shared/settings-theme.ts";
import { readQwenSettings, sessionSettings } from "./settings.ts";

type Env = Record<string, string | undefined>;

/** Qwen Code's variable for its directory itself (default: ~/.qwen). */
export const HOME_VARIABLE = "QWEN_HOME";

/**
 * Files Qwen Code 0.15 keeps in its directory, linked even before they exist so that a login or
 * a trust decision made in a session lands in the user's own directory.
 */
const KNOWN_FILES = ["oauth_creds.json", "mcp-oauth-tokens.json", "installation_id", "trustedFolders.json", "google_accounts.json"];

/**
 * Directories of the user's that sessions write into, created when missing so that they are
 * linked: projects/ (the chats `--resume` reads, per project) and tmp/ (checkpoints, shell history).
 */
const USER_DIRS = ["projects", "tmp"];

/** The directory Qwen Code would use without agentmux: $QWEN_HOME (~ expanded, relative to the cwd), else ~/.qwen. */
export function userQwenDir(env: Env = process.env): string {
  const home = env["HOME"] || homedir();
  const named = env[HOME_VARIABLE];
  if (!named) return join(home, ".qwen");
  if (named === "~" || named.startsWith("~/")) return join(home, named.slice(1));
  return isAbsolute(named) ? named : resolve(named);
}

/** The session home standing in for one user's: under the state dir, named by a hash of that user's directory. */
export function qwenSessionHome(stateDir: string, userDir: string): string {
  return settingsHomeOf(stateDir, FOLDER, userDir);
}

/** The session homes' folder under the state directory. */
const FOLDER = "qwen-home";

/** Theme sync (theme.sync): Qwen Code's ui.theme (default "Qwen Dark") in the session's settings, its built-in light/dark pairs. */
export const qwenThemeSync = settingsHomeTheme({
  variable: HOME_VARIABLE, folder: FOLDER, mirror: "",
  pairs: [["Qwen Light", "Qwen Dark"], ["Default Light", "Default"], ["ANSI Light", "ANSI"], ["Ayu Light", "Ayu"], ["GitHub Light", "GitHub"]],
});

export interface QwenHomeRequest { stateDir: string; env?: Env; hookPath?: string }

/**
 * A directory for agentmux's Qwen Code sessions: its settings.json holds the user's own settings
 * plus agentmux's hooks (rewritten at each launch), and every other entry is a link to the user's
 * (login, trusted folders, chats, skills, extensions …). Answers the environment that points Qwen
 * there. The user's files are only read.
 */
export function prepareQwenHome(request: QwenHomeRequest): Record<string, string> {
  const userDir = userQwenDir(request.env ?? process.env);
  const userSettings = join(userDir, "settings.json");
  const settings = sessionSettings(readQwenSettings(userSettings), request.hookPath ?? shellScript("agentmux-hook"), userSettings);
  const { home } = prepareSettingsHome({
    stateDir: request.stateDir, folder: FOLDER, userDir, mirror: "",
    files: { "settings.json": `${JSON.stringify(settings, null, 2)}\n` }, knownFiles: KNOWN_FILES, ensureDirs: USER_DIRS,
  });
  return { [HOME_VARIABLE]: home };
}
