import type { HookMeaning } from "../shared/hook-meaning.ts";
import { installedEvents, meaningOf, type HookTable } from "../shared/hook-table.ts";
import { OPENCODE_HOOKS } from "../opencode/hook-events.ts";

/**
 * Kilo is an opencode fork: its plugins see the same bus events (session.created, session.status
 * busy/retry/idle, permission.asked/replied, question.asked, with the same properties), and
 * etc/kilo/agentmux.js forwards them under the names etc/opencode/agentmux.js uses. So the meaning
 * of each is opencode's table (the native id is the payload's sessionID).
 */
export const KILO_HOOKS: HookTable = OPENCODE_HOOKS;

/** Every name the plugin forwards, each with its meaning in the table. */
export const KILO_HOOK_EVENTS: readonly string[] = installedEvents(KILO_HOOKS);

export function kiloHookMeaning(event: string, payload: Record<string, unknown>): HookMeaning {
  return meaningOf(KILO_HOOKS, event, payload);
}
