import type { HostConfig } from "../config/config.ts";
import { layoutFor } from "../daemon/start.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { readSnapshots } from "./cache.ts";
import { emptySnapshot, type HostSnapshot } from "./snapshot.ts";
import { hostTarget, type HostTarget } from "./address.ts";
import { ensureControlDir } from "./ssh.ts";
import { AgentmuxError } from "../util/errors.ts";

/** The daemon's runtime directory, where the hosts' shared connections live (made when missing); null without a tmux server here. */
export async function runtimeDir(tmux: Tmux): Promise<string | null> {
  try {
    const { dir } = await layoutFor(tmux);
    ensureControlDir(dir);
    return dir;
  } catch {
    return null;
  }
}

/** Another machine's session named HOST:TARGET (a row, an item): its host's config, its target there, and the runtime directory. */
export async function hostPlace(tmux: Tmux, hosts: readonly HostConfig[] | undefined, target: string): Promise<HostTarget & { dir: string | null }> {
  const place = hostTarget(target, hosts ?? []);
  if (!place) throw new AgentmuxError(`${target}: its host is no longer configured`, { hint: "agentmux hosts lists them" });
  return { ...place, dir: await runtimeDir(tmux) };
}

/** What this tmux server's daemon knows of each configured host (its cache files: no ssh is opened). */
export async function hostSnapshots(tmux: Tmux, hosts: readonly HostConfig[]): Promise<HostSnapshot[]> {
  if (hosts.length === 0) return [];
  let dir: string;
  try {
    dir = (await layoutFor(tmux)).dir;
  } catch (error) {
    return hosts.map((h) => ({ ...emptySnapshot(h.name), error: `no data: ${(error as Error).message}` }));
  }
  return readSnapshots(dir, hosts);
}
