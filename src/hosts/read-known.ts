import type { HostConfig } from "../config/config.ts";
import type { Tmux } from "../tmux/tmux.ts";
import type { HostSnapshot } from "./snapshot.ts";

/**
 * What this server's daemon knows of the configured hosts (known.ts hostSnapshots: their cache
 * files, no ssh), its module loaded only when hosts are configured: a key press without hosts
 * loads none of it.
 */
export function knownHosts(tmux: Tmux, hosts: readonly HostConfig[]): Promise<HostSnapshot[]> {
  return hosts.length === 0 ? Promise.resolve([]) : import("./known.ts").then((m) => m.hostSnapshots(tmux, hosts));
}
