import { readClaudeLiveFile, reconcileClaudeLive } from "../backends/claude-live.ts";
import type { MachineEvent } from "../session/state-machine.ts";
import type { Tracked } from "./tracked.ts";

/** A reading counts only when taken this long after the session's last event (hooks deliver late). */
export const SETTLE_MS = 3000;

/**
 * Read a Claude session's live status and answer the event that reconciles the hook state with
 * it; no reading (or one taken too soon after an event) leaves the hooks to decide.
 */
export function readClaudeLive(t: Tracked, panePid: number, now: number, logOnce: (key: string, line: string) => void): MachineEvent | null {
  if (now - t.lastEventAt < SETTLE_MS) return null;
  const live = readClaudeLiveFile(panePid);
  if (!live) return null;
  t.lastLiveAt = now;
  const event = reconcileClaudeLive(t.machine.state, live);
  if (!event) return null;
  logOnce(`${t.pane}:${t.machine.state}:${live.status}`, `${t.pane}: hooks say ${t.machine.state}, Claude says ${live.status}${live.waitingFor ? ` (${live.waitingFor})` : ""}: following Claude`);
  return { ...event, at: now } as MachineEvent;
}
