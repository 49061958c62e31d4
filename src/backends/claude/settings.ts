import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, unlinkSync, utimesSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { AgentmuxError } from "../../util/errors.ts";
import { shellScript } from "../../util/install-dir.ts";
import { isJsonObject, jsonErrorPlace, type JsonObject } from "../../util/json.ts";
import { MiB, readRegularText } from "../../util/regular-file.ts";
import { claudeConfigDir, type HelperScripts } from "./global.ts";
import { agentmuxHooks, agentmuxStatusLine, chainedCommand, chainStatusLine, combineHooks, isAgentmuxCommand, type HookMap, type StatusLine } from "./hooks.ts";

type Env = Record<string, string | undefined>;

export interface SessionSettings { hooks: HookMap; statusLine: StatusLine }

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const FILE_NAME = /^claude-settings-.*\.json$/;

/** What every Claude Code session agentmux starts gets through --settings: its hooks and status line. */
export function sessionSettings(scripts: HelperScripts): SessionSettings {
  return { hooks: agentmuxHooks(scripts.hook), statusLine: agentmuxStatusLine(scripts.statusLine) };
}

/** Take every `--settings X` and `--settings=X` out of argv (options end at `--`). */
export function splitSettingsArgs(argv: readonly string[]): { argv: string[]; user: string[] } {
  const rest: string[] = [];
  const user: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg.startsWith("--settings=")) {
      user.push(arg.slice("--settings=".length));
    } else if (arg === "--settings") {
      const value = argv[i + 1];
      if (value === undefined) throw new AgentmuxError("--settings is missing its value", { hint: "pass a settings file or inline JSON after --settings" });
      user.push(value);
      i += 1;
    } else {
      rest.push(arg);
    }
  }
  return { argv: rest, user };
}

/**
 * One settings object from ours and the user's --settings values (Claude Code honours only the last
 * --settings, so all of them are folded into one): hook groups combined per event, the user's first;
 * plain keys from later values win; the user's status line keeps showing, chained through ours.
 */
export function mergeSettings(ours: SessionSettings, users: readonly JsonObject[]): JsonObject {
  const merged: JsonObject = {};
  let hooks: unknown = {};
  let userStatusLine: unknown;
  for (const user of users) {
    for (const [key, value] of Object.entries(user)) {
      if (key === "hooks") hooks = combineHooks(hooks, value);
      else if (key === "statusLine") userStatusLine = value;
      else merged[key] = value;
    }
  }
  merged["hooks"] = combineHooks(hooks, ours.hooks);
  merged["statusLine"] = chainedStatusLine(ours.statusLine, userStatusLine);
  return merged;
}

function chainedStatusLine(ours: StatusLine, user: unknown): StatusLine {
  if (!isJsonObject(user) || user["type"] !== "command" || typeof user["command"] !== "string") return ours;
  const command = isAgentmuxCommand(user["command"]) ? chainedCommand(user["command"]) : user["command"];
  if (command === undefined || command.trim() === "") return ours;
  return { ...user, type: "command", command: chainStatusLine(ours.command, command) };
}

/** A --settings value: inline JSON when it starts with "{", else a file path relative to cwd. */
export function readUserSettings(value: string, cwd: string): JsonObject {
  const inline = value.trimStart().startsWith("{");
  const name = inline ? `--settings '${value.length > 40 ? `${value.slice(0, 40)}…` : value}'` : `--settings ${value}`;
  let text = value;
  if (!inline) {
    const path = resolve(cwd, value);
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why = code === "ENOENT" ? "does not exist" : `cannot be read (${code ?? String(error)})`;
      throw new AgentmuxError(`${name}: ${path} ${why}`, { hint: "fix the path (relative paths start at the session directory) or pass inline JSON" });
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message.replace(/ in JSON at position \d+.*$/, "");
    throw new AgentmuxError(`${name}${jsonErrorPlace(text, error)}: not valid JSON: ${message}`, { hint: "fix the JSON; Claude settings are one JSON object" });
  }
  if (!isJsonObject(parsed)) throw new AgentmuxError(`${name}: not a JSON object`, { hint: 'Claude settings are one JSON object, e.g. {"model": "opus"}' });
  const hooks = parsed["hooks"];
  if (hooks !== undefined && (!isJsonObject(hooks) || !Object.values(hooks).every(Array.isArray))) {
    throw new AgentmuxError(`${name}: "hooks" is not a map of event names to lists`, { hint: 'write hooks as {"Stop": [{"hooks": [{"type": "command", "command": "…"}]}]}' });
  }
  return parsed;
}

/**
 * Write settings to `<dir>/claude-settings-<hash>.json` unless that file exists; either way mark it
 * used now (its mtime). The name is a hash of the content, so a file is never rewritten and always
 * names the checkout that wrote it.
 */
export function settingsFile(dir: string, settings: unknown, now = Date.now()): string {
  const content = `${JSON.stringify(settings, null, 2)}\n`;
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 16);
  const path = join(dir, `claude-settings-${hash}.json`);
  try {
    utimesSync(path, now / 1000, now / 1000);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    writeFileAtomic(path, content);
  }
  return path;
}

/** Delete settings files not used (written or touched) within maxAgeMs; returns their paths. */
/** Where the per-session --settings files live in agentmux's state directory. */
export function claudeSettingsDir(stateDir: string): string {
  return join(stateDir, "claude-settings");
}

export function pruneSettingsFiles(dir: string, now = Date.now(), maxAgeMs = WEEK_MS): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const deleted: string[] = [];
  for (const name of names.filter((n) => FILE_NAME.test(n))) {
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs <= maxAgeMs) continue;
      unlinkSync(path);
      deleted.push(path);
    } catch {
      // removed by a concurrent prune
    }
  }
  return deleted;
}

/** The largest Claude settings file looked into for its status line (a repository's own among them). */
const INHERITED_SETTINGS_MAX = MiB;

/**
 * The status line Claude Code would show without our --settings (local project, project, then user
 * settings), so a session agentmux starts still shows it. Unreadable files are Claude's to report;
 * the project's are a repository's, read only as regular files within INHERITED_SETTINGS_MAX.
 */
export function inheritedStatusLine(cwd: string, env: Env = process.env): unknown {
  const files = [join(cwd, ".claude", "settings.local.json"), join(cwd, ".claude", "settings.json"), join(claudeConfigDir(env), "settings.json")];
  for (const file of files) {
    try {
      const settings: unknown = JSON.parse(readRegularText(file, { maxBytes: INHERITED_SETTINGS_MAX }));
      if (isJsonObject(settings) && settings["statusLine"] !== undefined) return settings["statusLine"];
    } catch {
      // missing or invalid
    }
  }
  return undefined;
}

export interface ClaudeLaunchRequest {
  argv: readonly string[];
  stateDir: string;
  cwd: string;
  env?: Env;
  scripts?: HelperScripts;
  now?: number;
}

/**
 * A Claude Code launch argv with `--settings <file>` holding agentmux's hooks and status line merged
 * with the user's own --settings values (which are taken out), the file under <stateDir>/claude-settings/.
 */
export function prepareClaudeLaunchArgs(request: ClaudeLaunchRequest): { argv: string[]; file: string } {
  const { argv, user } = splitSettingsArgs(request.argv);
  const users = user.map((value) => readUserSettings(value, request.cwd));
  const inherited = inheritedStatusLine(request.cwd, request.env);
  if (inherited !== undefined) users.unshift({ statusLine: inherited });
  const scripts = request.scripts ?? { hook: shellScript("agentmux-hook"), statusLine: shellScript("agentmux-statusline") };
  const dir = claudeSettingsDir(request.stateDir);
  const now = request.now ?? Date.now();
  const file = settingsFile(dir, mergeSettings(sessionSettings(scripts), users), now);
  pruneSettingsFiles(dir, now);
  // Before a `--`, so the flag is never read as the positional prompt.
  const end = argv.indexOf("--");
  const at = end === -1 ? argv.length : end;
  return { argv: [...argv.slice(0, at), "--settings", file, ...argv.slice(at)], file };
}
