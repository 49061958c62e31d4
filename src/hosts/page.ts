import type { HostConfig } from "../config/config.ts";
import type { Elsewhere } from "../remote/port.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { HostLinks } from "./links.ts";
import { runOnHost } from "./run.ts";

/** The phone page's view of the other machines: what the links know, their panes' output, and their agentmux to act there (over the shared connection). */
export function hostsForPage(links: () => HostLinks | null, hosts: () => readonly HostConfig[], dir: string): Elsewhere {
  return {
    snapshots: () => links()?.snapshots() ?? [],
    run: async (name, verb, words) => {
      const host = hosts().find((h) => h.name === name);
      if (!host) return { code: 2, stderr: `agentmux: ${name} is not a configured host` };
      const ran = await runOnHost(host, dir, verb, words, { capture: true, quiet: true });
      return { code: ran.code, stderr: ran.stderr };
    },
    watch: (name, pane, listener) => {
      const stop = hosts().some((h) => h.name === name) ? links()?.watch(name, pane, listener) : null;
      if (!stop) throw new AgentmuxError(`${name} is not a linked host`, { hint: "hosts are named under hosts: in the config (docs/hosts.md)" });
      return stop;
    },
  };
}
