import { readFileSync } from "node:fs";
import type { Config } from "../config/config.ts";
import { launchSession, prepareLaunch, type NewSessionRequest } from "../session/launch.ts";
import { afterRestore, readRegistry, registryFile, restorable, updateRegistry, type ProcessProbe, type RestoreEntry } from "../session/restore-registry.ts";
import { listSessions } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { resumability } from "./resumable.ts";

/** Linux /proc: a pid's existence (a zombie has ended), and its start time (ticks after boot plus the boot time). */
export const procProbe: ProcessProbe = {
  alive(pid) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
    } catch {
      return true;
    }
  },
  startedAt(pid) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces) start at the state, field 3.
      const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
      const btime = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
      return Number.isFinite(ticks) && Number.isFinite(btime) ? btime + ticks / 100 : null;
    } catch {
      return null;
    }
  },
};

export interface Candidate { server: string; entry: RestoreEntry; live: boolean }

export interface Restorable { socket: string; candidates: Candidate[] }

/** The recorded sessions of this socket path's dead servers; `live` when the server runs one with that id already. */
export async function findRestorable(tmux: Tmux, probe: ProcessProbe = procProbe): Promise<Restorable> {
  const { socket, id: currentId } = await tmux.serverPlace();
  const registry = readRegistry(registryFile(places().stateDir));
  const running = new Set((await listSessions(tmux)).filter((s) => s.id && !s.dead).map((s) => `${s.backend}:${s.id}`));
  const candidates = restorable(registry, socket, currentId, probe).map((c) => ({ ...c, live: running.has(`${c.entry.backend}:${c.entry.id}`) }));
  return { socket, candidates };
}

/**
 * Resume one recorded session in a new window with its backend, directory, account, instance and
 * group; one whose conversation holds nothing to resume starts fresh there instead (`fresh` says why).
 */
export async function restoreOne(tmux: Tmux, config: Config, entry: RestoreEntry): Promise<{ pane: string; fresh?: string }> {
  const resume = resumability(config, { backend: entry.backend, id: entry.id, dir: entry.dir, account: entry.account });
  const request: NewSessionRequest = {
    backend: entry.backend, dir: entry.dir, account: entry.account || undefined, instance: entry.instance || undefined,
    group: entry.group || undefined, submit: true, split: false, launch: entry.launch,
    ...(resume.kind === "fresh" ? {} : { mode: { kind: "resume" as const, id: entry.id } }),
  };
  const launched = await launchSession(tmux, request, prepareLaunch(request, config, entry.dir));
  if (entry.label) await tmux.setOption({ pane: launched.pane }, "@agentmux-name", entry.label);
  return { pane: launched.pane, ...(resume.kind === "fresh" ? { fresh: resume.why } : {}) };
}

export interface Outcome { candidate: Candidate; pane?: string; error?: string; skipped?: boolean; fresh?: string }

/** Resume each candidate (skipping live ones), then take the restored out of the registry and record the failures. */
export async function restoreAll(tmux: Tmux, config: Config, found: Restorable, choose: (c: Candidate) => Promise<boolean>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const candidate of found.candidates) {
    if (candidate.live) { outcomes.push({ candidate, skipped: true }); continue; }
    if (!(await choose(candidate))) continue;
    try {
      outcomes.push({ candidate, ...(await restoreOne(tmux, config, candidate.entry)) });
    } catch (error) {
      if (!isAgentmuxError(error)) throw error;
      outcomes.push({ candidate, error: error.oneLine() });
    }
  }
  if (outcomes.length === 0) return outcomes;
  updateRegistry(registryFile(places().stateDir), (registry) => {
    for (const server of new Set(outcomes.map((o) => o.candidate.server))) {
      const mine = outcomes.filter((o) => o.candidate.server === server);
      const done = mine.filter((o) => o.pane !== undefined || o.skipped).map((o) => o.candidate.entry.id);
      const failed = new Map(mine.filter((o) => o.error !== undefined).map((o) => [o.candidate.entry.id, o.error as string]));
      registry = afterRestore(registry, found.socket, server, done, failed);
    }
    return registry;
  });
  return outcomes;
}
