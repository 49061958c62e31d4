import { BACKENDS, isBackendName } from "./index.ts";
import { DECLARED_PREFIX, declaredState, NOTHING, type HookMeaning } from "./shared/hook-meaning.ts";
import { meaningOf } from "./shared/hook-table.ts";

export { DECLARED_PREFIX } from "./shared/hook-meaning.ts";

/** Translate one hook event of a session's backend into what it means (the backend's event table). */
export function hookMeaning(backend: string, event: string, payload: Record<string, unknown>): HookMeaning {
  if (event.startsWith(DECLARED_PREFIX)) return declaredState(event.slice(DECLARED_PREFIX.length));
  const table = isBackendName(backend) ? BACKENDS[backend].hooks : undefined;
  return table ? meaningOf(table, event, payload) : NOTHING;
}
