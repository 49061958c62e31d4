import type { Tmux } from "../tmux/tmux.ts";
import { request } from "./client.ts";
import { layoutFor } from "./start.ts";

/**
 * Tell the daemon what agentmux typed into a session: a submitted prompt begins a turn (backends
 * without a submit hook learn of it only so) and makes the published status stale; an Escape may
 * interrupt the turn. `at` is when the typing began: a turn the hooks saw begin after it was this
 * one. The daemon looks at the pane's screen at once. No daemon: nothing tracks the state to correct.
 */
export async function tellTyped(tmux: Tmux, pane: string, kind: "escape" | "submit" | "keys", at = Date.now()): Promise<void> {
  try {
    await request((await layoutFor(tmux)).socket, { op: "input", pane, kind, at }, 2000);
  } catch {
    // no daemon
  }
}
