import type { Backend } from "../backends/types.ts";
import type { MachineEvent } from "../session/state-machine.ts";
import type { Tracked } from "./tracked.ts";

/** A reading counts only when taken this long after the session's last event (hooks deliver late). */
export const SETTLE_MS = 3000;

/**
 * Read a session's live status from its CLI (Backend.readLive: Claude Code's session files) and
 * answer the event that reconciles the hook state with it; no reading (or one taken too soon after
 * an event) leaves the hooks to decide.
 */
export function readLive(backend: Backend, t: Tracked, panePid: number, now: number, logOnce: (key: string, line: string) => void): MachineEvent | null {
  if (!backend.readLive || !backend.reconcileLive || now - t.lastEventAt < SETTLE_MS) return null;
  const live = backend.readLive(panePid);
  if (!live) return null;
  t.lastLiveAt = now;
  const event = backend.reconcileLive(t.machine.state, live);
  if (!event) return null;
  const cli = backend.name.charAt(0).toUpperCase() + backend.name.slice(1);
  logOnce(`${t.pane}:${t.machine.state}:${live.status}`, `${t.pane}: hooks say ${t.machine.state}, ${cli} says ${live.status}${live.waitingFor ? ` (${live.waitingFor})` : ""}: following ${cli}`);
  return { ...event, at: now } as MachineEvent;
}
