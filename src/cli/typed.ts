import { request } from "../daemon/client.ts";
import { layoutFor } from "../daemon/start.ts";
import type { Context } from "./context.ts";

/**
 * Tell the daemon what agentmux typed into a session: a submitted prompt begins a turn (backends
 * without a submit hook learn of it only so) and makes the published status stale; an Escape may
 * interrupt the turn. `at` is when the typing began: a turn the hooks saw begin after it was this
 * one. The daemon looks at the pane's screen at once.
 */
export async function notifyTyped(ctx: Context, pane: string, kind: "escape" | "submit" | "keys", at = Date.now()): Promise<void> {
  try {
    const layout = await layoutFor(ctx.tmux);
    await request(layout.socket, { op: "input", pane, kind, at }, 2000);
  } catch {
    // no daemon: nothing tracks the state to correct
  }
}
