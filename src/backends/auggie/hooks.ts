import { HOOK_TIMEOUT } from "../claude/hooks.ts";
import { AUGGIE_HOOK_EVENTS } from "./hook-events.ts";

/** One Auggie hook handler: an executable and its arguments, run without a shell (timeout in ms). */
export interface AuggieHookHandler { type: "command"; command: string; args: string[]; timeout: number }
export interface AuggieHookGroup { matcher?: string; hooks: AuggieHookHandler[] }

/**
 * Auggie expands `${NAME}` in a hook's command and arguments from its environment before it
 * spawns them; `\${` stays a literal `${`.
 */
const literal = (text: string): string => text.replaceAll("${", "\\${");

/**
 * agentmux's group for each Auggie event it installs: the forwarder as the command and the
 * event's name as an argument. With arguments, Auggie spawns the command as it is (no shell, no
 * splitting), so a path with spaces or quotes needs no quoting. Only the tool events take a
 * matcher (Auggie warns of one anywhere else). `args` go before the event's name.
 */
export function auggieHooks(hookPath: string, args: readonly string[] = []): Record<string, AuggieHookGroup[]> {
  return Object.fromEntries(AUGGIE_HOOK_EVENTS.map((event) => {
    const handler: AuggieHookHandler = { type: "command", command: literal(hookPath), args: [...args, event].map(literal), timeout: HOOK_TIMEOUT * 1000 };
    return [event, [event.endsWith("ToolUse") ? { matcher: ".*", hooks: [handler] } : { hooks: [handler] }]];
  }));
}
