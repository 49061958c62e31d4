import { claudeSettingsPath, editSettingsFile, removeGlobalSettings } from "./global.ts";
import { claudeSettingsDir, mergeSettings, sessionSettings, settingsFile } from "./settings.ts";
import { shellScript } from "../../util/install-dir.ts";
import { isJsonObject } from "../../util/json.ts";
import { readRegularText } from "../../util/regular-file.ts";
import type { SetupStep } from "../shared/types.ts";

type Env = Record<string, string | undefined>;

/** The largest Claude settings file read. */
const MAX = 1024 * 1024;

/** The settings file every Claude session agentmux starts gets (--settings): written now, and where it is said. */
export function claudeSessionSettingsStep(stateDir: string): SetupStep {
  const scripts = { hook: shellScript("agentmux-hook"), statusLine: shellScript("agentmux-statusline") };
  try {
    const file = settingsFile(claudeSettingsDir(stateDir), mergeSettings(sessionSettings(scripts), []));
    return { step: "claude session settings", ok: true, found: `${file}: agentmux's hooks and status line, passed with --settings to each Claude session it starts (merged with --settings of yours)` };
  } catch (error) {
    return { step: "claude session settings", ok: false, found: `could not write them under ${claudeSettingsDir(stateDir)}: ${(error as Error).message}` };
  }
}

/**
 * agentmux's hooks in Claude's user settings too (agentmux setup claude --global): a session agentmux
 * starts would report each event twice. Removal is offered (exactly agentmux's entries, backed up);
 * a file without them is neither asked about nor written.
 */
export function claudeGlobalHooksStep(env: Env = process.env): SetupStep {
  const file = claudeSettingsPath(env);
  let settings: unknown;
  try {
    settings = JSON.parse(readRegularText(file, { maxBytes: MAX }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { step: "claude global hooks", ok: true, found: `${file} does not exist: no hooks twice` };
    return { step: "claude global hooks", ok: false, found: `${file} cannot be read as JSON (${(error as Error).message}): not checked for agentmux's hooks` };
  }
  if (!isJsonObject(settings)) return { step: "claude global hooks", ok: false, found: `${file} is not a JSON object: not checked` };
  const removed = removeGlobalSettings(settings);
  if (removed.hooks === 0 && removed.statusLine === "none") return { step: "claude global hooks", ok: true, found: `${file} holds none of agentmux's hooks` };
  return {
    step: "claude global hooks", ok: false,
    found: `${file} holds ${removed.hooks} of agentmux's hooks${removed.statusLine === "none" ? "" : " and its status line"}: a session agentmux starts reports each event twice`,
    offer: {
      question: `Remove agentmux's entries from ${file} (backed up first; your own stay)?`,
      apply: () => {
        const edit = editSettingsFile(file, removeGlobalSettings, "agentmux setup");
        return `removed ${edit.result.hooks} hook(s)${edit.result.statusLine === "none" ? "" : " and the status line"} from ${file}${edit.backup ? ` (backup: ${edit.backup})` : ""}`;
      },
    },
  };
}

/** Claude Code's steps of `agentmux setup`: the session settings, then agentmux's hooks twice. */
export function claudeSetupSteps(env: Env, stateDir: string): SetupStep[] {
  return [claudeSessionSettingsStep(stateDir), claudeGlobalHooksStep(env)];
}
