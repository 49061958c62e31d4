import type { SessionState } from "../core/states.ts";
import type { Response } from "./protocol.ts";

interface Waiter { panes: Set<string>; state: SessionState; after: number; resolve: (r: Response) => void; timer: NodeJS.Timeout }

/**
 * Callers of `agentmux wait`: each is answered on the state change that satisfies it (no
 * polling), on its timeout, or when every session it waits on has exited first.
 */
export class Waiters {
  private readonly waiting = new Set<Waiter>();

  /** after: a change to the state that began before this time (epoch ms) does not answer. */
  add(panes: string[], state: SessionState, timeoutMs: number, after = 0): Promise<Response> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        panes: new Set(panes), state, after, resolve,
        timer: setTimeout(() => this.finish(waiter, { ok: false, error: `timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${state}`, hint: "raise --timeout", timedOut: true }), timeoutMs),
      };
      this.waiting.add(waiter);
    });
  }

  /** A session changed state. */
  changed(pane: string, state: SessionState, at: number): void {
    for (const w of [...this.waiting]) {
      if (!w.panes.has(pane)) continue;
      if (state === w.state && at >= w.after) { this.finish(w, { ok: true, pane, state, at }); continue; }
      if (state === "exited") {
        w.panes.delete(pane);
        if (w.panes.size === 0) this.finish(w, { ok: false, error: `${pane} exited before reaching ${w.state}` });
      }
    }
  }

  private finish(w: Waiter, response: Response): void {
    if (!this.waiting.delete(w)) return;
    clearTimeout(w.timer);
    w.resolve(response);
  }

  close(): void {
    for (const w of [...this.waiting]) this.finish(w, { ok: false, error: "the daemon stopped" });
  }
}
