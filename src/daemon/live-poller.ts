import type { Backend } from "../backends/shared/types.ts";
import type { LiveWord } from "../core/evidence.ts";

const STATUSES = new Set<LiveWord["status"]>(["busy", "idle", "waiting"]);

/**
 * Channel 2: a session's live status as its CLI reports it (Backend.readLive: Claude Code's
 * session files), as evidence for the session table; null when the CLI has no report for it. The
 * decision (src/core/decide.ts) lets a report count only once it settled after the session's last
 * event, so a reading taken a moment before a hook is never followed.
 */
export function readLiveWord(backend: Backend, panePid: number, now: number): Omit<LiveWord, "since"> | null {
  if (!backend.readLive || !panePid) return null;
  const live = backend.readLive(panePid);
  if (!live) return null;
  const status = STATUSES.has(live.status as LiveWord["status"]) ? (live.status as LiveWord["status"]) : "unknown";
  return { status, waitingFor: live.waitingFor, source: `${backend.label}'s session file`, at: now };
}
