import { basename } from "node:path";
import { refreshRoutedPool } from "../daemon/asks.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { armWatcher } from "../daemon/watch-arm.ts";
import { launchSession, type Launched, type NewSessionRequest, type Prepared } from "../session/launch.ts";
import { projectWatches } from "../session/project-file.ts";
import type { Tmux } from "../tmux/tmux.ts";

/**
 * Start a prepared session as `agentmux new` does: the daemon up before its first hook (a failure
 * only warned about: the hooks spool until it runs), the pattern watchers its project file declares
 * (a bad file fails before any window opens), the pane, and a routed pool's readings refreshed.
 */
export async function startSession(tmux: Tmux, request: NewSessionRequest, prepared: Prepared, warn: (text: string) => void): Promise<Launched> {
  if (await tmux.hasServer()) await ensureDaemon(tmux).catch((error: Error) => warn(`warning: ${error.message}`));
  const watches = projectWatches(prepared.dir, [request.instance ?? basename(prepared.dir)]);
  const launched = await launchSession(tmux, request, prepared, warn);
  await refreshRoutedPool(tmux, prepared);
  if (watches.length > 0) {
    await tmux.setOption({ pane: launched.pane }, "@agentmux-watch-project", watches.join("\n"));
    await armWatcher(tmux, launched.pane, undefined);
  }
  return launched;
}
