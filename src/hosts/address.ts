import type { HostConfig } from "../config/config.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";

/** A TARGET on another machine: the configured host, and the target as that host's agentmux names it. */
export interface HostTarget { host: HostConfig; target: string }

/**
 * HOST:TARGET, when HOST is a configured host's name (a host's name never holds ":"): the target
 * there ("far:%12", "gpu:build"); null for a local target (no host of that name: "a:b" may be a
 * local session's name).
 */
export function hostTarget(target: string, hosts: readonly HostConfig[]): HostTarget | null {
  const split = splitHostTarget(target);
  const host = split && hosts.find((h) => h.name === split.host);
  return split && host ? { host, target: split.target } : null;
}

/** Pure: HOST:TARGET split at its first colon (a host's name holds none); null without a host part. */
export function splitHostTarget(target: string): { host: string; target: string } | null {
  const colon = target.indexOf(":");
  return colon > 0 ? { host: target.slice(0, colon), target: target.slice(colon + 1) } : null;
}

/** The configured host named NAME; a usage error naming the hosts there are when none is. */
export function hostNamed(hosts: readonly HostConfig[], name: string): HostConfig {
  const host = hosts.find((h) => h.name === name);
  if (host) return host;
  throw new AgentmuxError(`no host named ${JSON.stringify(name)} in the config`, {
    hint: hosts.length > 0 ? `the hosts are: ${hosts.map((h) => h.name).join(", ")}` : "add it under hosts: in the config (docs/hosts.md)",
    exitCode: EXIT.usage,
  });
}
