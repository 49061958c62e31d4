import { claudeHookMeaning } from "./claude-hook-events.ts";
import { declaredState, NOTHING, type HookMeaning } from "./hook-meaning.ts";

/** Spool event names written by `agentmux hook STATE`. */
export const DECLARED_PREFIX = "agentmux-";

/** Translate one hook event of a session's backend into what it means. */
export function hookMeaning(backend: string, event: string, payload: Record<string, unknown>): HookMeaning {
  if (event.startsWith(DECLARED_PREFIX)) return declaredState(event.slice(DECLARED_PREFIX.length));
  switch (backend) {
    case "claude":
      return claudeHookMeaning(event, payload);
    default:
      // Other CLIs' channels arrive with their detection issue; declared states work for all.
      return NOTHING;
  }
}
