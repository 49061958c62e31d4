import { dirname, join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { isJsonObject } from "../../util/json.ts";
import { places } from "../../util/paths.ts";
import { MiB, readRegularText } from "../../util/regular-file.ts";
import { pairedTheme, type ThemePairs, type ThemeSync } from "./theme.ts";

export interface SettingsThemeSpec {
  /** The variable that points the CLI at its directory (GEMINI_CLI_HOME, QWEN_HOME). */
  variable: string;
  /** The session homes' folder under agentmux's state directory (settings-home.ts). */
  folder: string;
  /** Where settings.json is inside a session home ("" or ".gemini"). */
  mirror: string;
  /** The CLI's built-in themes as light/dark pairs, light first; the first pair is the default. */
  pairs: ThemePairs;
  /** A ui setting that switches themes by itself (Gemini's autoThemeSwitching): off when a mode is set. */
  autoSwitch?: string;
}

/**
 * Theme sync for a CLI whose sessions run in a settings home of agentmux's (Gemini CLI, Qwen
 * Code): the session's settings.json, written from the user's own at each launch, gets
 * `ui.theme`. Only a session home under agentmux's state directory is written, never the user's
 * own settings; `agentmux theme` therefore changes nothing at once for these CLIs: their next
 * launch takes it. Auto leaves the user's own choice (and the CLI's own switching).
 */
export function settingsHomeTheme(spec: SettingsThemeSpec): ThemeSync {
  return (mode, env) => {
    if (mode === "auto") return null;
    const home = env[spec.variable];
    if (!home || dirname(home) !== join(places(env).stateDir, spec.folder)) return null;
    const file = join(home, spec.mirror, "settings.json");
    let settings: unknown;
    try { settings = JSON.parse(readRegularText(file, { maxBytes: 4 * MiB, follow: false })); } catch { return null; }
    if (!isJsonObject(settings)) return null;
    const ui = isJsonObject(settings["ui"]) ? { ...settings["ui"] } : {};
    const current = typeof ui["theme"] === "string" ? ui["theme"] : null;
    const next = pairedTheme(spec.pairs, current, mode);
    if (current === next && (!spec.autoSwitch || ui[spec.autoSwitch] === false)) return null;
    ui["theme"] = next;
    if (spec.autoSwitch) ui[spec.autoSwitch] = false;
    writeFileAtomic(file, `${JSON.stringify({ ...settings, ui }, null, 2)}\n`, 0o600);
    return `${file}: ui.theme ${next}`;
  };
}
