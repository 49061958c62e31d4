import { spawn } from "node:child_process";
import type { HostConfig } from "../config/config.ts";
import { readSnapshots, removeSnapshot, touchSnapshot, writeSnapshot } from "./cache.ts";
import { HostLink } from "./link.ts";
import type { OutputListener } from "./link-watches.ts";
import type { HostSnapshot } from "./snapshot.ts";
import { ensureControlDir, sshExitArgv, sshProgram } from "./ssh.ts";

export interface LinksDeps {
  /** The daemon's private runtime directory. */
  dir: string;
  log: (line: string) => void;
  /** A host's sessions or reachability changed (the status segment counts them). */
  changed?: (snapshot: HostSnapshot) => void;
  env?: NodeJS.ProcessEnv;
}

/**
 * The daemon's links to the configured hosts (config `hosts`, docs/hosts.md): one per host, kept in
 * line with the config, each writing what it knows to the host's cache file.
 */
export class HostLinks {
  private readonly links = new Map<string, HostLink>();
  private readonly env: NodeJS.ProcessEnv;
  /** Hosts whose cache file this daemon wrote whole (a touch then says the time of the last data). */
  private readonly written = new Set<string>();

  constructor(private readonly deps: LinksDeps) {
    this.env = deps.env ?? process.env;
  }

  /** Start links for hosts newly configured, stop those no longer (or configured differently). */
  sync(hosts: readonly HostConfig[]): void {
    const wanted = new Map(hosts.map((h) => [h.name, h]));
    for (const [name, link] of this.links) {
      const host = wanted.get(name);
      if (host && JSON.stringify(host) === JSON.stringify(link.host)) continue;
      this.end(link);
      this.links.delete(name);
      this.written.delete(name);
      if (!host) removeSnapshot(this.deps.dir, name);
    }
    if (hosts.length > 0) ensureControlDir(this.deps.dir);
    for (const host of hosts) {
      if (this.links.has(host.name)) continue;
      // What was known before a restart shows (as unreachable, with its age) until the link brings news.
      const [previous] = readSnapshots(this.deps.dir, [host]);
      const link = new HostLink(host, {
        dir: this.deps.dir, ssh: sshProgram(this.env), env: this.env, log: this.deps.log,
        update: (snapshot, news) => {
          try {
            // Only the time of the last data is new (the host said it is alive): the file's time says it.
            if (!news && snapshot.reachable && snapshot.lastDataAt !== null && this.written.has(host.name)) touchSnapshot(this.deps.dir, host.name, snapshot.lastDataAt);
            else writeSnapshot(this.deps.dir, snapshot);
            this.written.add(host.name);
          } catch (error) {
            this.written.delete(host.name);
            this.deps.log(`hosts: cannot write ${host.name}'s cache: ${(error as Error).message}`);
          }
          if (news) this.deps.changed?.(snapshot);
        },
      }, previous?.lastDataAt ? previous : undefined);
      this.links.set(host.name, link);
      link.start();
    }
  }

  /** What is known of each linked host now. */
  snapshots(): HostSnapshot[] {
    return [...this.links.values()].map((link) => link.current());
  }

  /** Watch a pane of a linked host (the phone page): its output to listener until the function returned is called; null when no such host is linked. */
  watch(host: string, pane: string, listener: OutputListener): (() => void) | null {
    return this.links.get(host)?.watch(pane, listener) ?? null;
  }

  close(): void {
    for (const link of this.links.values()) this.end(link);
    this.links.clear();
  }

  /** Stop a link, and end its host's shared connection (it would linger a minute otherwise). */
  private end(link: HostLink): void {
    link.stop();
    const exit = spawn(sshProgram(this.env), sshExitArgv(link.host, this.deps.dir), { env: this.env, stdio: "ignore", detached: false });
    exit.on("error", () => undefined);
  }
}
