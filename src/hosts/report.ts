import type { HostConfig } from "../config/config.ts";
import { secondsSince } from "../session/json.ts";
import { formatAge } from "../util/text.ts";
import type { HostSnapshot } from "./snapshot.ts";

/** `agentmux hosts --json`: one object per configured host (stable keys: new ones are added, none renamed). */
export function hostJson(host: HostConfig, s: HostSnapshot, now: number) {
  return {
    name: host.name,
    ssh: host.ssh,
    reachable: s.reachable,
    version: s.version,
    sessions: s.sessions.length,
    lastDataAt: s.lastDataAt,
    /** Seconds since the last data came (null: none ever). */
    dataAge: secondsSince(s.lastDataAt, now),
    error: s.reachable ? null : s.error,
  };
}

/** The table `agentmux hosts` prints. */
export function hostRows(hosts: readonly HostConfig[], snapshots: readonly HostSnapshot[], now: number): string[][] {
  const rows = [["HOST", "SSH", "STATE", "VERSION", "SESSIONS", "LAST DATA", "WHY"]];
  hosts.forEach((host, i) => {
    const s = snapshots[i];
    if (!s) return;
    rows.push([
      host.name, host.ssh, s.reachable ? "reachable" : "unreachable", s.version ?? "-", String(s.sessions.length),
      s.lastDataAt === null ? "never" : `${formatAge(now - s.lastDataAt)} ago`, s.reachable ? "" : (s.error ?? ""),
    ]);
  });
  return rows;
}
