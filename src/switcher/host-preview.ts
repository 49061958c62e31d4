import type { HostConfig } from "../config/config.ts";
import { hostPlace } from "../hosts/known.ts";
import { runOnHost } from "../hosts/run.ts";
import type { Tmux } from "../tmux/tmux.ts";

/** The preview of another machine's session (HOST:PANE): its screen, read there (`agentmux read`); null when it cannot be. */
export async function remoteScreen(tmux: Tmux, hosts: readonly HostConfig[] | undefined, pane: string): Promise<string | null> {
  const { host, target, dir } = await hostPlace(tmux, hosts, pane);
  const ran = await runOnHost(host, dir, "read", [target], { capture: true, quiet: true });
  return ran.code === 0 ? ran.stdout : null;
}
