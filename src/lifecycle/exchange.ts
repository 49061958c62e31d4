import type { HistoryPlace, HistorySupport } from "../backends/shared/types.ts";
import type { SessionState } from "../core/states.ts";

/** How long a finished turn's answer may take to reach the CLI's files after its stop hook. */
export const ANSWER_FLUSH_MS = 3000;

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Whether the conversation holds a completed exchange (a conversation without one cannot be
 * forked). A session whose state says a turn just ended (waiting) is given ANSWER_FLUSH_MS for the
 * answer to land in its transcript: Claude Code reports the stop before it has written it.
 */
export function hasSettledExchange(history: HistorySupport, id: string, place: HistoryPlace, state: SessionState, flushMs = ANSWER_FLUSH_MS): boolean {
  if (history.hasExchange(id, place)) return true;
  if (state !== "waiting") return false;
  for (const end = Date.now() + flushMs; Date.now() < end;) {
    pause(100);
    if (history.hasExchange(id, place)) return true;
  }
  return false;
}
