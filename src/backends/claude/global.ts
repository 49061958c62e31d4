import { readFileSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { backupFile } from "../../util/backup.ts";
import { AgentmuxError } from "../../util/errors.ts";
import { detectIndent, isJsonObject, jsonErrorPlace, type JsonObject } from "../../util/json.ts";
import { agentmuxHooks, agentmuxStatusLine, chainedCommand, combineHooks, isAgentmuxCommand, withoutAgentmuxHooks } from "./hooks.ts";

type Env = Record<string, string | undefined>;

export interface HelperScripts { hook: string; statusLine: string }

/** Claude Code's configuration directory: CLAUDE_CONFIG_DIR, else ~/.claude. */
export function claudeConfigDir(env: Env = process.env): string {
  return env["CLAUDE_CONFIG_DIR"] || join(env["HOME"] || homedir(), ".claude");
}

export function claudeSettingsPath(env: Env = process.env): string {
  return join(claudeConfigDir(env), "settings.json");
}

export interface GlobalAdded { settings: JsonObject; statusLine: "added" | "refreshed" | "kept" }

/**
 * Add agentmux's hooks (with --global, so the forwarder can ignore sessions agentmux started, which
 * carry their own) after the user's, replacing copies from any checkout; add the status line only
 * where the user has none.
 */
export function addGlobalSettings(settings: JsonObject, scripts: HelperScripts): GlobalAdded {
  const next: JsonObject = { ...settings };
  next["hooks"] = combineHooks(withoutAgentmuxHooks(settings["hooks"]).hooks, agentmuxHooks(scripts.hook, ["--global"]));
  const current = settings["statusLine"];
  const ours = agentmuxStatusLine(scripts.statusLine);
  if (current === undefined || current === null) {
    next["statusLine"] = ours;
    return { settings: next, statusLine: "added" };
  }
  if (isJsonObject(current) && isAgentmuxCommand(current["command"]) && chainedCommand(current["command"]) === undefined) {
    next["statusLine"] = { ...current, ...ours };
    return { settings: next, statusLine: "refreshed" };
  }
  return { settings: next, statusLine: "kept" };
}

export interface GlobalRemoved { settings: JsonObject; hooks: number; statusLine: "removed" | "unchained" | "none" }

/** Remove exactly agentmux's hook commands and status line; a chained status line goes back to the user's command. */
export function removeGlobalSettings(settings: JsonObject): GlobalRemoved {
  const next: JsonObject = { ...settings };
  const { hooks, removed } = withoutAgentmuxHooks(settings["hooks"]);
  if (removed > 0) {
    if (isJsonObject(hooks) && Object.keys(hooks).length === 0) delete next["hooks"];
    else next["hooks"] = hooks;
  }
  let statusLine: GlobalRemoved["statusLine"] = "none";
  const current = settings["statusLine"];
  if (isJsonObject(current) && isAgentmuxCommand(current["command"])) {
    const user = chainedCommand(current["command"]);
    if (user === undefined) {
      delete next["statusLine"];
      statusLine = "removed";
    } else {
      next["statusLine"] = { ...current, command: user };
      statusLine = "unchained";
    }
  }
  return { settings: next, hooks: removed, statusLine };
}

export interface FileEdit<T> { result: T; changed: boolean; backup: string | undefined }

/**
 * Apply edit to a Claude settings file: a missing file is {}; invalid JSON is refused untouched.
 * A change backs the original up first and is written through a temporary file renamed into place
 * (at the symlink's target, so a settings.json kept in a dotfiles repository stays a link).
 */
export function editSettingsFile<T extends { settings: JsonObject }>(path: string, edit: (settings: JsonObject) => T, rerun: string, now = new Date()): FileEdit<T> {
  let target = path;
  let text: string | undefined;
  try {
    target = realpathSync(path);
    text = readFileSync(target, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  let settings: unknown = {};
  if (text !== undefined && text.trim() !== "") {
    try {
      settings = JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message.replace(/ in JSON at position \d+.*$/, "");
      throw new AgentmuxError(`${path}${jsonErrorPlace(text, error)}: not valid JSON: ${message}`, { hint: `fix the file or move it away, then run ${rerun} again; it was left untouched` });
    }
  }
  if (!isJsonObject(settings)) {
    throw new AgentmuxError(`${path} does not hold a JSON object`, { hint: `make it one ({} at the least), then run ${rerun} again; it was left untouched` });
  }
  const result = edit(settings);
  const next = result.settings;
  const indent = text === undefined ? "  " : detectIndent(text);
  const output = `${JSON.stringify(next, null, indent)}\n`;
  if (JSON.stringify(next) === JSON.stringify(settings)) return { result, changed: false, backup: undefined };
  const backup = text === undefined ? undefined : backupFile(path, "agentmux-backup", now);
  const mode = text === undefined ? 0o644 : statSync(target).mode & 0o777;
  writeFileAtomic(target, output, mode);
  return { result, changed: true, backup };
}
