import { request } from "../daemon/client.ts";
import { layoutFor } from "../daemon/start.ts";
import type { Prepared } from "../session/launch.ts";
import type { Tmux } from "../tmux/tmux.ts";

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
