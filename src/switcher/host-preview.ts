import type { HostConfig } from "../config/config.ts";
import { layoutFor } from "../daemon/start.ts";
import { runOnHost } from "../hosts/run.ts";
import { attachHere, openHostView } from "../hosts/view.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";

/** Another machine's row (HOST:PANE): its host's config and the daemon's runtime directory (the shared connection). */
async function placeOf(tmux: Tmux, hosts: readonly HostConfig[] | undefined, pane: string): Promise<{ host: HostConfig; target: string; dir: string | null }> {
  const colon = pane.indexOf(":");
  const host = hosts?.find((h) => h.name === pane.slice(0, colon));
  if (!host) throw new AgentmuxError(`${pane.slice(0, colon)} is no longer a configured host`, { hint: "agentmux hosts lists them" });
  return { host, target: pane.slice(colon + 1), dir: await layoutFor(tmux).then((l) => l.dir, () => null) };
}

/** The preview of another machine's session: its screen, read there; null when it cannot be. */
export async function remoteScreen(tmux: Tmux, settings: { hosts?: readonly HostConfig[] }, pane: string): Promise<string | null> {
  const { host, target, dir } = await placeOf(tmux, settings.hosts, pane);
  const ran = await runOnHost(host, dir, "read", [target], { capture: true, quiet: true });
  return ran.code === 0 ? ran.stdout : null;
}

/** Enter on another machine's row: a local window on it (reused), or outside tmux this terminal attached there. */
export async function viewRemote(tmux: Tmux, settings: { hosts?: readonly HostConfig[] }, pane: string, client: string | undefined): Promise<void> {
  const request = { ...(await placeOf(tmux, settings.hosts, pane)), client };
  if (client) await openHostView(tmux, request);
  else if ((await attachHere(request)) !== 0) throw new AgentmuxError(`could not attach to ${pane}`, { hint: "run it in a terminal, or inside tmux" });
}
