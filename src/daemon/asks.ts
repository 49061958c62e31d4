import type { Prepared } from "../session/launch.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { request } from "./client.ts";
import { ensureDaemon, layoutFor } from "./start.ts";
import { warn } from "../util/terminal-text.ts";

/** What commands ask the daemon of their tmux server to do for them (the daemon owns the state). */

/** End sessions through the daemon (it runs their teardown and lists them as exited); answers how many it ended. */
export async function killPanes(tmux: Tmux, panes: string[]): Promise<number> {
  const { layout } = await ensureDaemon(tmux);
  const answer = await request(layout.socket, { op: "kill", panes });
  if (!answer.ok) throw new AgentmuxError(answer.error);
  return Number(answer["killed"] ?? 0);
}

/** Ask the daemon (the exited list's only writer) to drop a session brought back in a new pane. */
export async function forgetExited(tmux: Tmux, pane: string): Promise<void> {
  try {
    const layout = await layoutFor(tmux);
    await request(layout.socket, { op: "forget", pane }, 2000);
  } catch (error) {
    warn(`${pane} stays listed as exited (${(error as Error).message})`);
  }
}

/**
 * Every routing decision is followed by a refresh of the pool's readings: the daemon's poller
 * fetches the members now. Best effort: without a daemon the next scheduled poll does it.
 */
export async function refreshRoutedPool(tmux: Tmux, prepared: Prepared): Promise<void> {
  if (!prepared.routedPool) return;
  try {
    const layout = await layoutFor(tmux);
    await request(layout.socket, { op: "usage-refresh", ...prepared.routedPool }, 2000);
  } catch { /* no daemon: the next poll */ }
}
