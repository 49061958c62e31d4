import { BACKENDS, isBackendName } from "./index.ts";
import { DECLARED_PREFIX, declaredState, NOTHING, type HookMeaning } from "./shared/hook-meaning.ts";
import { meaningOf } from "./shared/hook-table.ts";
import { hookAsk, type HookAsk } from "./shared/hook-ask.ts";

export { DECLARED_PREFIX } from "./shared/hook-meaning.ts";

/** Translate one hook event of a session's backend into what it means (the backend's event table). */
export function hookMeaning(backend: string, event: string, payload: Record<string, unknown>): HookMeaning {
  if (event.startsWith(DECLARED_PREFIX)) return declaredState(event.slice(DECLARED_PREFIX.length));
  const table = isBackendName(backend) ? BACKENDS[backend].hooks : undefined;
  return table ? meaningOf(table, event, payload) : NOTHING;
}

/** What one hook event of a session's backend tells of what it asks or said (its table's own reading, else the Claude format's). */
export function hookAskOf(backend: string, event: string, payload: Record<string, unknown>): HookAsk | null {
  if (event.startsWith(DECLARED_PREFIX)) return null;
  const table = isBackendName(backend) ? BACKENDS[backend].hooks : undefined;
  return (table?.ask ?? hookAsk)(event, payload);
}

/**
 * I/O: a turn's answer as the session's CLI recorded it, where its table says the hook's own words
 * are not to be trusted (Gemini); null otherwise.
 */
export function recordedAnswerOf(backend: string, event: string, payload: Record<string, unknown>): string | null {
  if (event.startsWith(DECLARED_PREFIX)) return null;
  const table = isBackendName(backend) ? BACKENDS[backend].hooks : undefined;
  return table?.recordedAnswer?.(event, payload) ?? null;
}
