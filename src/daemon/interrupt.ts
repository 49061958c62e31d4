import { claudeIdlePromptVisible } from "../backends/claude-screen.ts";
import type { Daemon } from "./daemon.ts";
import type { Response } from "./protocol.ts";

/** How long after an Escape the screen is checked for an interrupted turn. */
export const INTERRUPT_CHECK_MS = 1500;

/**
 * Interrupting a Claude turn fires no hook. After an Escape sent through agentmux to a working
 * session: if it is still working with no new event and the screen shows the idle prompt, the
 * turn was interrupted and the session waits on the user: blocked.
 */
export function scheduleInterrupt(daemon: Daemon, pane: string): Response {
  const t = daemon.tracked.get(pane);
  if (!t) return { ok: false, error: `no agentmux session in pane ${pane}` };
  if (t.machine.state !== "working" || t.backend !== "claude") return { ok: true, scheduled: false };
  const mark = t.lastEventAt;
  if (t.escapeTimer) clearTimeout(t.escapeTimer);
  t.escapeTimer = setTimeout(() => {
    t.escapeTimer = undefined;
    if (t.machine.state !== "working" || t.lastEventAt !== mark) return;
    void daemon.client.command(["capture-pane", "-p", "-t", pane]).then(async (lines) => {
      if (t.machine.state === "working" && t.lastEventAt === mark && claudeIdlePromptVisible(lines.join("\n"))) {
        await daemon.applyMachine(t, { kind: "blocked", at: Date.now() });
      }
    }, () => undefined);
  }, INTERRUPT_CHECK_MS);
  return { ok: true, scheduled: true };
}
