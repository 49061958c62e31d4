import { claudeHookMeaning } from "./claude/hook-events.ts";
import { codexHookMeaning } from "./codex/hook-events.ts";
import { geminiHookMeaning } from "./gemini/hook-events.ts";
import { opencodeHookMeaning } from "./opencode/hook-events.ts";
import { declaredState, NOTHING, type HookMeaning } from "./shared/hook-meaning.ts";

/** Spool event names written by `agentmux hook STATE`. */
export const DECLARED_PREFIX = "agentmux-";

/** Translate one hook event of a session's backend into what it means. */
export function hookMeaning(backend: string, event: string, payload: Record<string, unknown>): HookMeaning {
  if (event.startsWith(DECLARED_PREFIX)) return declaredState(event.slice(DECLARED_PREFIX.length));
  switch (backend) {
    case "claude":
      return claudeHookMeaning(event, payload);
    case "codex":
      return codexHookMeaning(event, payload);
    case "gemini":
      return geminiHookMeaning(event, payload);
    case "opencode":
      return opencodeHookMeaning(event, payload);
    default:
      return NOTHING;
  }
}
