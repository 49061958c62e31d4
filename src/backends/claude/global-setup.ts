import { addGlobalSettings, claudeSettingsPath, editSettingsFile, removeGlobalSettings } from "./global.ts";
import { HOOK_EVENTS } from "./hooks.ts";
import { shellScript } from "../../util/install-dir.ts";
import type { GlobalSetup } from "../shared/types.ts";

/** `agentmux setup claude --global|--remove-global`: agentmux's hooks and status line in Claude Code's user settings. */
export const claudeGlobalSetup: GlobalSetup = {
  description: "add agentmux's hooks and status line to Claude Code's user settings, or remove them",
  addOption: "add them to <claude config dir>/settings.json, for sessions agentmux did not start",
  removeOption: "remove exactly agentmux's entries from that file",
  add: setupGlobal,
  remove: removeGlobal,
};

function setupGlobal(): string {
  const file = claudeSettingsPath();
  const scripts = { hook: shellScript("agentmux-hook"), statusLine: shellScript("agentmux-statusline") };
  const edit = editSettingsFile(file, (settings) => addGlobalSettings(settings, scripts), "agentmux setup claude --global");
  if (!edit.changed) return `${file} already has agentmux's hooks; nothing changed`;
  const hooks = `agentmux's hooks for ${HOOK_EVENTS.length} events`;
  const what = {
    added: `added ${hooks} and its status line to ${file}`,
    refreshed: `added ${hooks} and refreshed its status line in ${file}`,
    kept: `added ${hooks} to ${file}, keeping your own status line`,
  }[edit.result.statusLine];
  return `${what}${backupNote(edit.backup)}`;
}

function removeGlobal(): string {
  const file = claudeSettingsPath();
  const edit = editSettingsFile(file, removeGlobalSettings, "agentmux setup claude --remove-global");
  const result = edit.result;
  if (!edit.changed) return `${file} has no agentmux hooks or status line; nothing changed`;
  const statusLine = { removed: " and its status line", unchained: " and restored your own status line", none: "" }[result.statusLine];
  return `removed ${result.hooks} agentmux hook${result.hooks === 1 ? "" : "s"}${statusLine} from ${file}${backupNote(edit.backup)}`;
}

function backupNote(backup: string | undefined): string {
  return backup ? ` (backup: ${backup})` : "";
}
