import type { SessionState } from "../core/states.ts";

export interface NextCandidate { pane: string; state: SessionState; snoozed: boolean }

const NEEDS_YOU: ReadonlySet<SessionState> = new Set(["waiting", "blocked"]);

/**
 * The session `agentmux next` jumps to: the first waiting or blocked one after the current pane in
 * key order, wrapping around; snoozed and unknown sessions are skipped. When the current pane is
 * the only one, it is the answer again; when none needs you, null.
 */
export function nextNeedingYou<T extends NextCandidate>(ordered: readonly T[], current: string | undefined): T | null {
  const start = ordered.findIndex((s) => s.pane === current);
  for (let step = 1; step <= ordered.length; step++) {
    const s = ordered[(Math.max(start, -1) + step + ordered.length) % ordered.length];
    if (s && NEEDS_YOU.has(s.state) && !s.snoozed) return s;
  }
  return null;
}
