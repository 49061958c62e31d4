import type { HostConfig } from "../config/config.ts";
import type { Elsewhere } from "../remote/port.ts";
import { runOnHost } from "./run.ts";
import type { HostSnapshot } from "./snapshot.ts";

/** The phone page's view of the other machines: what the links know, and their agentmux to act there (over the shared connection). */
export function hostsForPage(snapshots: () => readonly HostSnapshot[], hosts: () => readonly HostConfig[], dir: string): Elsewhere {
  return {
    snapshots,
    run: async (name, verb, words) => {
      const host = hosts().find((h) => h.name === name);
      if (!host) return { code: 2, stderr: `agentmux: ${name} is not a configured host` };
      const ran = await runOnHost(host, dir, verb, words, { capture: true, quiet: true });
      return { code: ran.code, stderr: ran.stderr };
    },
  };
}
