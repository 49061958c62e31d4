import { BACKENDS, isBackendName } from "./index.ts";
import { DECLARED_PREFIX, declaredState, NOTHING, type HookMeaning } from "./shared/hook-meaning.ts";

export { DECLARED_PREFIX } from "./shared/hook-meaning.ts";

/** Translate one hook event of a session's backend into what it means (the backend's hookMeaning). */
export function hookMeaning(backend: string, event: string, payload: Record<string, unknown>): HookMeaning {
  if (event.startsWith(DECLARED_PREFIX)) return declaredState(event.slice(DECLARED_PREFIX.length));
  const meaning = isBackendName(backend) ? BACKENDS[backend].hookMeaning : undefined;
  return meaning ? meaning(event, payload) : NOTHING;
}
