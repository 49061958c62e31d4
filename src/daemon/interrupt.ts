import { BACKENDS, isBackendName } from "../backends/index.ts";
import type { MachineEvent } from "../session/state-machine.ts";
import type { Daemon } from "./daemon.ts";
import type { Tracked } from "./tracked.ts";
import type { Response } from "./protocol.ts";

/** How long after an Escape the screen is checked for an interrupted turn. */
export const INTERRUPT_CHECK_MS = 1500;
const INTERRUPT_RETRIES = 6;
const INTERRUPT_RETRY_MS = 500;

/**
 * Interrupting a turn (Claude's) fires no hook. After an Escape sent through agentmux to a working
 * session: if it is still working with no new event and the screen shows the idle prompt, the
 * turn was interrupted and the session waits on the user: blocked.
 */
export function scheduleInterrupt(daemon: Daemon, pane: string): Response {
  const t = daemon.tracked.get(pane);
  if (!t) return { ok: false, error: `no agentmux session in pane ${pane}` };
  const interrupted = isBackendName(t.backend) ? BACKENDS[t.backend].interruptedScreen : undefined;
  if (t.machine.state !== "working" || !interrupted) return { ok: true, scheduled: false };
  t.escapeAt = Date.now();
  const mark = t.lastEventAt;
  if (t.escapeTimer) clearTimeout(t.escapeTimer);
  // A loaded machine can take longer to redraw: look again a few times before giving up.
  const check = (attempt: number) => {
    t.escapeTimer = undefined;
    if (t.machine.state !== "working" || t.lastEventAt !== mark) return;
    void daemon.client.command(["capture-pane", "-p", "-t", pane]).then(async (lines) => {
      if (t.machine.state !== "working" || t.lastEventAt !== mark) return;
      if (interrupted(lines.join("\n"))) {
        t.cause = { why: "interrupted" };
        await daemon.applyMachine(t, { kind: "blocked", at: Date.now() });
      }
      else if (attempt < INTERRUPT_RETRIES) t.escapeTimer = setTimeout(() => check(attempt + 1), INTERRUPT_RETRY_MS);
    }, () => undefined);
  };
  t.escapeTimer = setTimeout(() => check(0), INTERRUPT_CHECK_MS);
  return { ok: true, scheduled: true };
}

/** How long after an Escape a turn that ends is taken as interrupted. */
const INTERRUPT_WINDOW_MS = 10_000;

/**
 * Another channel (Claude's live file, the screen) saw a turn end right after an Escape: that
 * turn was interrupted, and the session waits on the user (blocked), not on a finished turn.
 */
export function asInterrupt(t: Tracked, event: MachineEvent, now = Date.now()): MachineEvent {
  if (event.kind !== "stop" || t.machine.state !== "working" || now - t.escapeAt > INTERRUPT_WINDOW_MS) return event;
  t.cause = { why: "interrupted" };
  return { kind: "blocked", at: event.at };
}
