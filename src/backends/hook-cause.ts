import { BACKENDS, BACKEND_NAMES } from "./index.ts";
import type { Cause } from "./shared/causes.ts";
import { DECLARED_PREFIX } from "./shared/hook-meaning.ts";

export { causeText, type Cause } from "./shared/causes.ts";

/**
 * The cause a hook event gives for the state it leads to: the `cause` of the event in a backend's
 * table (any backend: the events that share a name, Claude's and Codex's, give the same causes).
 */
export function hookCause(event: string, payload: Record<string, unknown>): Cause | undefined {
  if (event.startsWith(DECLARED_PREFIX)) return { why: "declared" };
  for (const name of BACKEND_NAMES) {
    const events = BACKENDS[name].hooks?.events;
    const cause = events && Object.hasOwn(events, event) ? events[event]?.cause?.(payload) : undefined;
    if (cause) return cause;
  }
  return undefined;
}
