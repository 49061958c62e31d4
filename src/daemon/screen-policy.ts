import type { SessionState } from "../session/identity.ts";
import type { MachineEvent } from "../session/state-machine.ts";

/** A screen verdict stands for this long before it may overrule the hooks. */
export const SCREEN_SETTLE_MS = 3000;

export interface ScreenFacts {
  /** The session's state as the machine has it. */
  state: SessionState;
  /** The screen's verdict, and since when it has said so. */
  verdict: "working" | "blocked" | "idle" | "unknown";
  verdictSince: number;
  /** The session has delivered hook events (a channel exists); 0 when none ever came. */
  lastEventAt: number;
  now: number;
}

function eventFor(state: SessionState, verdict: "working" | "blocked" | "idle", at: number): MachineEvent | null {
  if (verdict === "working") return state === "working" || state === "closing" ? null : { kind: "activity", at };
  if (verdict === "blocked") return state === "blocked" ? null : { kind: "blocked", at };
  if (state === "unknown") return { kind: "started", at };
  return state === "working" || state === "blocked" ? { kind: "stop", at } : null;
}

/**
 * How the screen combines with the hooks. Without a hook channel the screen decides. With one,
 * hook evidence wins, but the screen fills what the channel cannot say (a dialog shown while the
 * hooks say working: Codex has no hook for an approval) and corrects a state it has contradicted
 * for longer than the settle time, counted from both the verdict and the last hook event.
 */
export function screenEvent(f: ScreenFacts): { event: MachineEvent; correction: boolean } | null {
  if (f.verdict === "unknown" || f.state === "exited" || f.state === "closing") return null;
  const event = eventFor(f.state, f.verdict, f.now);
  if (!event) return null;
  if (f.lastEventAt === 0) return { event, correction: false };
  if (f.verdict === "blocked" && f.state === "working") return { event, correction: false };
  const settled = f.now - f.verdictSince >= SCREEN_SETTLE_MS && f.now - f.lastEventAt >= SCREEN_SETTLE_MS;
  return settled ? { event, correction: true } : null;
}
