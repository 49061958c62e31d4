import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync, unlinkSync, utimesSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { AgentmuxError } from "../../util/errors.ts";
import { shellScript } from "../../util/install-dir.ts";
import type { JsonObject } from "../../util/json.ts";
import { HOOK_TIMEOUT } from "../claude/hooks.ts";
import { splitSettingsArgs } from "../claude/settings.ts";
import { commandHooks, readSettingsFile, withHooks } from "../shared/settings-hooks.ts";
import { DROID_HOOK_EVENTS } from "./hook-events.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const FILE_NAME = /^droid-settings-[0-9a-f]+\.json$/;
const EXAMPLE = '{"hooks": [{"type": "command", "command": "…"}]}';

/**
 * agentmux's group for each droid event it installs: the forwarder with the event's name (timeouts
 * in seconds; the tool events match every tool). `args` go before the name (`--global --agent
 * droid` for the user's own settings).
 */
export function droidHooks(hookPath: string, args: readonly string[] = []): Record<string, JsonObject[]> {
  return commandHooks(hookPath, DROID_HOOK_EVENTS, {
    args,
    matcher: (event) => (event.endsWith("ToolUse") ? "*" : undefined),
    fields: () => ({ timeout: HOOK_TIMEOUT }),
  });
}

/** Where the per-session runtime settings files live in agentmux's state directory. */
export function droidSettingsDir(stateDir: string): string {
  return join(stateDir, "droid-settings");
}

/** A user's `--settings` file (droid takes a path only), parsed; relative paths start at cwd. */
function readUserRuntimeSettings(value: string, cwd: string): JsonObject {
  const path = resolve(cwd, value);
  if (!existsSync(path)) throw new AgentmuxError(`droid --settings ${value}: ${path} does not exist`, { hint: "fix the path (relative paths start at the session directory)" });
  return readSettingsFile(path, "droid");
}

/**
 * The runtime settings of one session: the user's own `--settings` file (droid reads only the last
 * one given) with agentmux's hook groups after the user's.
 */
export function runtimeSettings(user: JsonObject, hookPath: string, name = "--settings"): JsonObject {
  return withHooks(user, droidHooks(hookPath), name, EXAMPLE);
}

/**
 * Write settings to `<dir>/droid-settings-<hash>.json` unless that file exists; either way mark it
 * used now (its mtime). Named by a hash of the content, a file is never rewritten under a running droid.
 */
export function writeSettingsFile(dir: string, settings: JsonObject, now = Date.now()): string {
  const content = `${JSON.stringify(settings, null, 2)}\n`;
  const path = join(dir, `droid-settings-${createHash("sha256").update(content).digest("hex").slice(0, 16)}.json`);
  try {
    utimesSync(path, now / 1000, now / 1000);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    writeFileAtomic(path, content, 0o600);
  }
  return path;
}

/** Delete the settings files not used within maxAgeMs; answers their paths. */
export function pruneDroidSettings(dir: string, now = Date.now(), maxAgeMs = WEEK_MS): string[] {
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

export interface DroidLaunchRequest { argv: readonly string[]; stateDir: string; cwd: string; hookPath?: string; now?: number }

/**
 * A droid launch argv with `--settings <file>` right after the program: droid merges that file
 * ("runtime settings, for this process only") over ~/.factory/settings.json, hook groups added to
 * the user's own, so the user's files are only read. The user's `--settings` values are taken out
 * and folded into the file (the last one, as droid would read it).
 */
export function prepareDroidLaunchArgs(request: DroidLaunchRequest): { argv: string[]; file: string } {
  const { argv, user } = splitSettingsArgs(request.argv);
  const last = user.at(-1);
  const users = last === undefined ? {} : readUserRuntimeSettings(last, request.cwd);
  const settings = runtimeSettings(users, request.hookPath ?? shellScript("agentmux-hook"), last === undefined ? "--settings" : `--settings ${last}`);
  const dir = droidSettingsDir(request.stateDir);
  const now = request.now ?? Date.now();
  const file = writeSettingsFile(dir, settings, now);
  pruneDroidSettings(dir, now);
  const [program, ...rest] = argv;
  return { argv: [program ?? "droid", "--settings", file, ...rest], file };
}
