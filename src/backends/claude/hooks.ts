import { basename } from "node:path";
import { isJsonObject, stableStringify, type JsonObject } from "../../util/json.ts";
import { shQuote, shWords } from "../../util/sh.ts";
import { installedEvents } from "../shared/hook-table.ts";
import { CLAUDE_HOOKS } from "./hook-events.ts";

/** The Claude Code hook events agentmux forwards to its daemon (the installed ones of its event table). */
export const HOOK_EVENTS: readonly string[] = installedEvents(CLAUDE_HOOKS);

/** Seconds; the forwarder only writes a spool file, so anything longer means it is stuck. */
export const HOOK_TIMEOUT = 10;

/** The status-line helper runs the command in this variable with the same stdin and prints its output. */
export const CHAIN_VARIABLE = "AGENTMUX_STATUSLINE_CHAIN";

const HELPERS = new Set(["agentmux-hook", "agentmux-statusline"]);

export interface HookCommand { type: "command"; command: string; timeout?: number }
export interface HookGroup { matcher?: string; hooks: HookCommand[] }
export type HookMap = Record<string, HookGroup[]>;
export interface StatusLine { type: "command"; command: string; [key: string]: unknown }

/** One group per event running `<hook path> [args] Event`. */
export function agentmuxHooks(hookPath: string, args: string[] = []): HookMap {
  const prefix = [shQuote(hookPath), ...args].join(" ");
  const map: HookMap = {};
  for (const event of HOOK_EVENTS) {
    map[event] = [{ hooks: [{ type: "command", command: `${prefix} ${event}`, timeout: HOOK_TIMEOUT }] }];
  }
  return map;
}

export function agentmuxStatusLine(statusLinePath: string): StatusLine {
  return { type: "command", command: shQuote(statusLinePath) };
}

/** Whether a command runs one of agentmux's shell helpers (after any VAR=value), from any checkout path. */
export function isAgentmuxCommand(command: unknown): boolean {
  if (typeof command !== "string") return false;
  const program = shWords(command).find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  return program !== undefined && HELPERS.has(basename(program));
}

export function chainStatusLine(ourCommand: string, userCommand: string): string {
  return `${CHAIN_VARIABLE}=${shQuote(userCommand)} ${ourCommand}`;
}

/** The user's command inside a status line chained by chainStatusLine, if it is one. */
export function chainedCommand(command: unknown): string | undefined {
  if (!isAgentmuxCommand(command)) return undefined;
  const prefix = `${CHAIN_VARIABLE}=`;
  const assignment = shWords(command as string).find((word) => word.startsWith(prefix));
  return assignment?.slice(prefix.length);
}

/** Hook groups per event: the first map's, then the second's; a group identical to an earlier one is left out. */
export function combineHooks(first: unknown, second: unknown): Record<string, unknown[]> {
  const result: Record<string, unknown[]> = {};
  const seen: Record<string, Set<string>> = {};
  for (const map of [first, second]) {
    if (!isJsonObject(map)) continue;
    for (const [event, groups] of Object.entries(map)) {
      if (!Array.isArray(groups)) continue;
      const list = (result[event] ??= []);
      const keys = (seen[event] ??= new Set());
      for (const group of groups) {
        const key = stableStringify(group);
        if (keys.has(key)) continue;
        keys.add(key);
        list.push(group);
      }
    }
  }
  return result;
}

/**
 * Remove agentmux's hook commands from a hooks map, dropping the groups and events they leave
 * empty; every other value stays as it was (malformed ones included).
 */
export function withoutAgentmuxHooks(hooks: unknown): { hooks: unknown; removed: number } {
  if (!isJsonObject(hooks)) return { hooks, removed: 0 };
  const result: JsonObject = {};
  let removed = 0;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      result[event] = groups;
      continue;
    }
    const kept: unknown[] = [];
    for (const group of groups) {
      if (!isJsonObject(group) || !Array.isArray(group["hooks"])) {
        kept.push(group);
        continue;
      }
      const commands = group["hooks"].filter((hook) => !(isJsonObject(hook) && isAgentmuxCommand(hook["command"])));
      const dropped = group["hooks"].length - commands.length;
      removed += dropped;
      if (dropped === 0) kept.push(group);
      else if (commands.length > 0) kept.push({ ...group, hooks: commands });
    }
    if (kept.length > 0 || groups.length === 0) result[event] = kept;
  }
  return { hooks: result, removed };
}
