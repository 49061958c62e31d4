import { createHash } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { AgentmuxError } from "../../util/errors.ts";
import { shellScript } from "../../util/install-dir.ts";
import { isJsonObject, stableStringify, type JsonObject } from "../../util/json.ts";
import { shQuote } from "../../util/sh.ts";
import { editSettingsFile } from "../claude/global.ts";
import { HOOK_TIMEOUT, isAgentmuxCommand, type HookGroup } from "../claude/hooks.ts";
import { NOTIFY_SCRIPT, readConfigText, rewriteConfig, setNotify, setTrustRecords, type TrustRecord } from "./config.ts";
import { installedEvents } from "../shared/hook-table.ts";
import { CODEX_HOOKS } from "./hook-events.ts";
import { verifiedToml } from "./toml-check.ts";

/** The Codex hook events agentmux forwards (the installed ones of its event table). */
export const CODEX_HOOK_EVENTS: readonly string[] = installedEvents(CODEX_HOOKS);

const TOOL_EVENTS = new Set(["PreToolUse", "PermissionRequest", "PostToolUse"]);
// Codex ignores the matcher of these events, also when it hashes them.
const UNMATCHED = new Set(["user_prompt_submit", "stop"]);

export interface CodexScripts { hook: string; notify: string }

/** Codex's label for an event in trust keys and hashes: PreToolUse → pre_tool_use. */
export function codexEventLabel(event: string): string {
  return event.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();
}

/** The config.toml key of one hook handler's trust record (the hooks.json path as Codex sees it, canonical). */
export function codexHookKey(hooksFile: string, event: string, group: number, handler: number): string {
  return `${hooksFile}:${codexEventLabel(event)}:${group}:${handler}`;
}

/**
 * The trusted_hash Codex 0.171 expects for one command handler: sha256 of the compact JSON, keys
 * sorted, of {event_name, matcher?, hooks: [handler]}, the handler normalised the way Codex does
 * (timeout defaulted and clamped, async always present, absent fields left out). The hooks.json
 * path is not part of it; it is in the key.
 */
export function codexHookHash(event: string, group: JsonObject, handler: JsonObject): string {
  const label = codexEventLabel(event);
  const given = typeof handler["timeout"] === "number" ? handler["timeout"] : undefined;
  const timeout = label === "session_end" ? Math.min(3, Math.max(1, given ?? 1)) : Math.max(1, given ?? 600);
  const normalised: JsonObject = { type: "command", command: handler["command"], timeout, async: handler["async"] === true };
  if (typeof handler["statusMessage"] === "string") normalised["statusMessage"] = handler["statusMessage"];
  const identity: JsonObject = { event_name: label, hooks: [normalised] };
  if (!UNMATCHED.has(label) && typeof group["matcher"] === "string") identity["matcher"] = group["matcher"];
  return `sha256:${createHash("sha256").update(stableStringify(identity)).digest("hex")}`;
}

/** agentmux's group for each event, in Claude's hooks.json format. */
export function agentmuxCodexHooks(hookPath: string): Record<string, HookGroup> {
  const groups: Record<string, HookGroup> = {};
  for (const event of CODEX_HOOK_EVENTS) {
    // --agent codex: a Codex started outside agentmux, in this home, is adopted by the daemon.
    const hooks = [{ type: "command" as const, command: `${shQuote(hookPath)} --agent codex ${event}`, timeout: HOOK_TIMEOUT }];
    groups[event] = TOOL_EVENTS.has(event) ? { matcher: "*", hooks } : { hooks };
  }
  return groups;
}

function isAgentmuxGroup(group: unknown): boolean {
  if (!isJsonObject(group) || !Array.isArray(group["hooks"]) || group["hooks"].length === 0) return false;
  return group["hooks"].every((hook) => isJsonObject(hook) && isAgentmuxCommand(hook["command"]));
}

/**
 * A hooks.json object with agentmux's groups in it and the user's kept where they are: trust keys
 * are positional, so a group of ours (from any checkout) is replaced in place, later copies are
 * dropped, and a missing one goes after the user's.
 */
export function mergeCodexHooks(file: JsonObject, ours: Record<string, HookGroup>, name = "hooks.json"): JsonObject {
  const hooks = file["hooks"] ?? {};
  if (!isJsonObject(hooks) || !Object.values(hooks).every(Array.isArray)) {
    throw new AgentmuxError(`${name}: "hooks" is not a map of event names to lists`, {
      hint: 'write hooks as {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "…"}]}]}}; the file was left untouched',
    });
  }
  const next: Record<string, unknown[]> = { ...(hooks as Record<string, unknown[]>) };
  for (const [event, group] of Object.entries(ours)) {
    const groups = next[event] ?? [];
    const at = groups.findIndex(isAgentmuxGroup);
    next[event] = at < 0 ? [...groups, group] : groups.flatMap((g, i) => (i === at ? [group] : i > at && isAgentmuxGroup(g) ? [] : [g]));
  }
  return { ...file, hooks: next };
}

/** Trust records for exactly agentmux's own handlers in a hooks.json object (same command, same event). */
export function codexTrustRecords(hooksFile: string, file: JsonObject, ours: Record<string, HookGroup>): TrustRecord[] {
  const hooks = isJsonObject(file["hooks"]) ? file["hooks"] : {};
  const records: TrustRecord[] = [];
  for (const [event, group] of Object.entries(ours)) {
    const commands = new Set(group.hooks.map((hook) => hook.command));
    const groups = hooks[event];
    if (!Array.isArray(groups)) continue;
    groups.forEach((g, gi) => {
      if (!isJsonObject(g) || !Array.isArray(g["hooks"])) return;
      g["hooks"].forEach((handler, hi) => {
        if (isJsonObject(handler) && handler["type"] === "command" && commands.has(handler["command"] as string)) {
          records.push({ key: codexHookKey(hooksFile, event, gi, hi), hash: codexHookHash(event, g, handler) });
        }
      });
    });
  }
  return records;
}

/** Codex's home: CODEX_HOME, else ~/.codex. */
export function codexHome(env: Record<string, string | undefined> = process.env): string {
  return env["CODEX_HOME"] || join(env["HOME"] || homedir(), ".codex");
}

export interface CodexHomeRequest { codexHome: string; scripts?: CodexScripts; now?: Date }

export interface CodexHomeResult {
  hooksFile: string;
  configFile: string;
  /** Which files were rewritten (an unchanged file is not touched, nor backed up). */
  changed: { hooks: boolean; config: boolean };
  backups: string[];
  trusted: TrustRecord[];
}

/**
 * Make a CODEX_HOME report Codex's lifecycle to agentmux, idempotently: agentmux's groups in
 * hooks.json (the user's kept), a trusted_hash record in config.toml for each of agentmux's own
 * handlers and nothing else (so no "Hooks need review" dialog for them), and `notify` running
 * agentmux-codex-notify (a notify program of the user's chained after it). Each changed file is
 * backed up first (`<file>.agentmux-backup-<time>`) and replaced atomically; nothing is written
 * when either file cannot be read.
 */
export function prepareCodexHome(request: CodexHomeRequest): CodexHomeResult {
  const scripts = request.scripts ?? { hook: shellScript("agentmux-hook"), notify: shellScript(NOTIFY_SCRIPT) };
  const now = request.now ?? new Date();
  mkdirSync(request.codexHome, { recursive: true });
  // Codex canonicalises CODEX_HOME, and the trust keys carry that path.
  const home = realpathSync(request.codexHome);
  const hooksFile = join(home, "hooks.json");
  const configFile = join(home, "config.toml");
  const ours = agentmuxCodexHooks(scripts.hook);
  const configText = readConfigText(configFile);
  let nextConfig = configText ?? "";
  let trusted: TrustRecord[] = [];
  const edit = editSettingsFile(hooksFile, (file) => {
    const settings = mergeCodexHooks(file, ours, hooksFile);
    trusted = codexTrustRecords(hooksFile, settings, ours);
    // Computed before hooks.json is written, so a config.toml agentmux cannot edit stops both.
    nextConfig = verifiedToml(setNotify(setTrustRecords(configText ?? "", trusted, configFile), scripts.notify, configFile), configText, configFile);
    return { settings };
  }, "agentmux new --backend codex", now);
  const config = rewriteConfig(configFile, nextConfig, configText, now);
  const backups = [edit.backup, config.backup].filter((b): b is string => Boolean(b));
  return { hooksFile, configFile, changed: { hooks: edit.changed, config: config.changed }, backups, trusted };
}
