import { homedir } from "node:os";
import { join } from "node:path";
import { shellScript } from "../../util/install-dir.ts";
import { prepareSettingsHome, settingsHomeOf } from "../shared/settings-home.ts";
import { settingsHomeTheme } from "../shared/settings-theme.ts";
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
  return settingsHomeOf(stateDir, FOLDER, userDir);
}

/** The session homes' folder under the state directory. */
const FOLDER = "gemini-home";

/**
 * Theme sync (theme.sync): Gemini CLI 0.61's ui.theme in the session's settings, its built-in
 * light/dark pairs; ui.autoThemeSwitching (on by default: it follows the terminal between its
 * Default themes) goes off when light or dark is set.
 */
export const geminiThemeSync = settingsHomeTheme({
  variable: HOME_VARIABLE, folder: FOLDER, mirror: ".gemini", autoSwitch: "autoThemeSwitching",
  pairs: [["Default Light", "Default"], ["ANSI Light", "ANSI"], ["Ayu Light", "Ayu"], ["GitHub Light", "GitHub"], ["Solarized Light", "Solarized Dark"]],
});

export interface GeminiHomeRequest { stateDir: string; env?: Env; hookPath?: string }

/**
 * A home for agentmux's Gemini sessions: `<home>/.gemini/settings.json` holds the user's own
 * settings plus agentmux's hooks (rewritten at each launch), and every other entry of the user's
 * ~/.gemini is a link to theirs (login, trusted folders, history, extensions, commands …).
 * Answers the environment that points Gemini there. The user's files are only read.
 */
export function prepareGeminiHome(request: GeminiHomeRequest): Record<string, string> {
  const userDir = userGeminiDir(request.env ?? process.env);
  const userSettings = join(userDir, "settings.json");
  const settings = sessionSettings(readGeminiSettings(userSettings), request.hookPath ?? shellScript("agentmux-hook"), userSettings);
  // Gemini's tmp/ (where chats are kept) is the user's, for --resume inside and outside agentmux.
  const { home } = prepareSettingsHome({
    stateDir: request.stateDir, folder: FOLDER, userDir, mirror: ".gemini",
    files: { "settings.json": `${JSON.stringify(settings, null, 2)}\n` }, knownFiles: KNOWN_FILES, ensureDirs: ["tmp"],
  });
  return { [HOME_VARIABLE]: home };
}
