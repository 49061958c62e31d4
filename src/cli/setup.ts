import type { Command } from "commander";
import { addGlobalSettings, claudeSettingsPath, editSettingsFile, removeGlobalSettings } from "../backends/claude/global.ts";
import { HOOK_EVENTS } from "../backends/claude/hooks.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shellScript } from "../util/install-dir.ts";

interface SetupClaudeOptions { global?: boolean; removeGlobal?: boolean }

export function registerSetup(program: Command): void {
  const setup = program.command("setup").description("connect agent CLIs to agentmux outside the sessions it starts");
  setup
    .command("claude")
    .description("add agentmux's hooks and status line to Claude Code's user settings, or remove them")
    .option("--global", "add them to <claude config dir>/settings.json, for sessions agentmux did not start")
    .option("--remove-global", "remove exactly agentmux's entries from that file")
    .action((options: SetupClaudeOptions) => {
      if (Boolean(options.global) === Boolean(options.removeGlobal)) {
        throw new AgentmuxError("setup claude needs one of --global or --remove-global", { hint: "agentmux setup claude --global, or agentmux setup claude --remove-global" });
      }
      process.stdout.write(`${options.global ? setupGlobal() : removeGlobal()}\n`);
    });
}

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
