import type { HostConfig } from "../config/config.ts";
import { layoutFor } from "../daemon/start.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { readSnapshots } from "./cache.ts";
import { emptySnapshot, type HostSnapshot } from "./snapshot.ts";

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
