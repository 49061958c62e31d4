import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, unlinkSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { shellScript } from "../util/install-dir.ts";
import { isJsonObject, jsonErrorPlace, type JsonObject } from "../util/json.ts";
import { shQuote } from "../util/sh.ts";
import { HOOK_TIMEOUT, isAgentmuxCommand } from "./claude-hooks.ts";
import { GEMINI_HOOK_EVENTS } from "./gemini-hook-events.ts";

type Env = Record<string, string | undefined>;

/** The variable that names Gemini CLI's system-defaults settings file (the lowest-priority scope). */
export const DEFAULTS_VARIABLE = "GEMINI_CLI_SYSTEM_DEFAULTS_PATH";
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const FILE_NAME = /^gemini-defaults-[0-9a-f]+\.json$/;

export interface GeminiHookHandler { type: "command"; name: string; command: string; timeout: number }
export interface GeminiHookGroup { matcher?: string; hooks: GeminiHookHandler[] }

/**
 * agentmux's group for each Gemini event it installs: the forwarder with the event's name.
 * `args` go before the name (`--global --agent gemini` for the user's own settings).
 */
export function geminiHooks(hookPath: string, args: readonly string[] = []): Record<string, GeminiHookGroup[]> {
  const prefix = [shQuote(hookPath), ...args].join(" ");
  return Object.fromEntries(GEMINI_HOOK_EVENTS.map((event) => {
    const hooks = [{ type: "command" as const, name: `agentmux-${event}`, command: `${prefix} ${event}`, timeout: HOOK_TIMEOUT * 1000 }];
    return [event, [event.endsWith("Tool") ? { matcher: "*", hooks } : { hooks }]];
  }));
}

/**
 * The system-defaults file Gemini CLI 0.61 reads without our variable: $GEMINI_CLI_SYSTEM_DEFAULTS_PATH,
 * else system-defaults.json beside the system settings ($GEMINI_CLI_SYSTEM_SETTINGS_PATH or the platform's).
 */
export function inheritedDefaultsPath(env: Env = process.env, platform: string = process.platform): string {
  const given = env[DEFAULTS_VARIABLE];
  if (given) return given;
  const system = env["GEMINI_CLI_SYSTEM_SETTINGS_PATH"]
    || (platform === "darwin" ? "/Library/Application Support/GeminiCli/settings.json"
      : platform === "win32" ? "C:\\ProgramData\\gemini-cli\\settings.json" : "/etc/gemini-cli/settings.json");
  return join(dirname(system), "system-defaults.json");
}

/** The inherited system defaults, parsed; {} when there is no such file. */
export function readInheritedDefaults(path: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return {};
    throw new AgentmuxError(`Gemini CLI system defaults ${path} cannot be read (${code ?? String(error)})`, { hint: "fix its permissions, or unset GEMINI_CLI_SYSTEM_DEFAULTS_PATH" });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AgentmuxError(`Gemini CLI system defaults ${path}${jsonErrorPlace(text, error)}: not valid JSON`, {
      hint: "agentmux adds its hooks to a copy of this file; make it plain JSON (no comments), or unset GEMINI_CLI_SYSTEM_DEFAULTS_PATH",
    });
  }
  if (!isJsonObject(parsed)) throw new AgentmuxError(`Gemini CLI system defaults ${path}: not a JSON object`, { hint: "Gemini settings are one JSON object" });
  return parsed;
}

function isAgentmuxGroup(group: unknown): boolean {
  if (!isJsonObject(group) || !Array.isArray(group["hooks"]) || group["hooks"].length === 0) return false;
  return group["hooks"].every((hook) => isJsonObject(hook) && isAgentmuxCommand(hook["command"]));
}

/**
 * System defaults for one session: the inherited ones, with agentmux's hook groups after theirs
 * (a group of agentmux's already there, from a session this one was started in, is replaced).
 */
export function sessionDefaults(inherited: JsonObject, hookPath: string, name = "system defaults"): JsonObject {
  const hooks = inherited["hooks"] ?? {};
  if (!isJsonObject(hooks) || !Object.entries(hooks).every(([key, value]) => key === "enabled" || key === "disabled" || Array.isArray(value))) {
    throw new AgentmuxError(`${name}: "hooks" is not a map of event names to lists`, { hint: 'write hooks as {"AfterAgent": [{"hooks": [{"type": "command", "command": "…"}]}]}' });
  }
  const next: JsonObject = { ...hooks };
  for (const [event, groups] of Object.entries(geminiHooks(hookPath))) {
    const theirs = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]).filter((g) => !isAgentmuxGroup(g)) : [];
    next[event] = [...theirs, ...groups];
  }
  return { ...inherited, hooks: next };
}

/** Write `<dir>/gemini-defaults-<hash>.json` unless it exists, mark it used now, and prune week-old ones. */
export function defaultsFile(dir: string, settings: unknown, now = Date.now()): string {
  const content = `${JSON.stringify(settings, null, 2)}\n`;
  const hash = createHash("sha256").update(content).digest("hex").slice(0, 16);
  const path = join(dir, `gemini-defaults-${hash}.json`);
  try {
    utimesSync(path, now / 1000, now / 1000);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    writeFileAtomic(path, content, 0o600);
  }
  for (const name of readdirSync(dir).filter((n) => FILE_NAME.test(n))) {
    const old = join(dir, name);
    try {
      if (old !== path && now - statSync(old).mtimeMs > WEEK_MS) unlinkSync(old);
    } catch {
      // removed by a concurrent prune
    }
  }
  return path;
}

export interface GeminiPrepareRequest { stateDir: string; env?: Env; hookPath?: string; now?: number; platform?: string }

/**
 * The environment that gives one Gemini CLI session agentmux's hooks: GEMINI_CLI_SYSTEM_DEFAULTS_PATH
 * naming a file under <stateDir>/gemini-settings/ that holds the inherited defaults plus our hooks.
 * The user's ~/.gemini/settings.json, project settings and login are read by Gemini as before.
 */
export function prepareGeminiEnv(request: GeminiPrepareRequest): Record<string, string> {
  const inheritedPath = inheritedDefaultsPath(request.env ?? process.env, request.platform);
  const inherited = readInheritedDefaults(inheritedPath);
  const settings = sessionDefaults(inherited, request.hookPath ?? shellScript("agentmux-hook"), inheritedPath);
  const file = defaultsFile(geminiSettingsDir(request.stateDir), settings, request.now);
  return { [DEFAULTS_VARIABLE]: file };
}

export function geminiSettingsDir(stateDir: string): string {
  return join(stateDir, "gemini-settings");
}
