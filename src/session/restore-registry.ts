import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { AgentmuxError } from "../util/errors.ts";
import { isJsonObject } from "../util/json.ts";
import { withFileLock } from "../util/lock-file.ts";
import { describeCorrupt, readStateFile, warnCorrupt, type StateRead } from "../util/state-file.ts";
import type { SessionRecord } from "./identity.ts";
import type { LaunchState } from "../core/launch-state.ts";

/** A live session whose native id is known: enough to resume it after its tmux server died. */
export interface RestoreEntry extends SessionRecord {
  started: number | null;
  /** The model and permission mode it last ran with. */
  launch?: LaunchState | undefined;
  /** Why the last restore of it failed (kept so `agentmux restore` can run again). */
  error?: string;
}

/** The sessions of one tmux server instance: its socket path and its `#{pid}:#{start_time}`. */
export interface ServerRecord { socket: string; server: string; sessions: RestoreEntry[] }

export interface Registry { servers: ServerRecord[] }

export function registryFile(stateDir: string): string {
  return join(stateDir, "registry.json");
}

const hasServers = (value: unknown): boolean => isJsonObject(value) && Array.isArray(value["servers"]);

function registryOf(read: StateRead): Registry {
  if (read.kind !== "ok" || !isJsonObject(read.value)) return { servers: [] };
  const servers = (read.value["servers"] as unknown[]).filter((s): s is ServerRecord =>
    isJsonObject(s) && typeof s["socket"] === "string" && typeof s["server"] === "string" && Array.isArray(s["sessions"]));
  return { servers };
}

/**
 * The registry; a missing file is an empty one. A corrupt one is kept aside and this throws: read
 * as empty it would say "nothing to restore" about sessions it may hold.
 */
export function readRegistry(file: string): Registry {
  const read = readStateFile(file, { valid: hasServers, silent: true });
  if (read.kind === "corrupt") {
    throw new AgentmuxError(`the restore registry ${describeCorrupt(read)}`, {
      hint: read.keptAt
        ? `the sessions it recorded are in the kept file, each with its backend, directory and id to resume by hand; running sessions are recorded afresh`
        : `move it aside, then run agentmux restore again`,
    });
  }
  return registryOf(read);
}

export function writeRegistry(file: string, registry: Registry): void {
  writeFileAtomic(file, `${JSON.stringify(registry, null, 1)}\n`, 0o600);
}

/**
 * Read, change and write the registry under its lock (the daemon records, \`agentmux restore\`
 * takes out what it restored): neither loses the other's update.
 */
export function updateRegistry(file: string, change: (registry: Registry) => Registry): void {
  withFileLock(file, () => writeRegistry(file, change(readRegistry(file))));
}

/** Pure: the registry with one server's sessions replaced (a server with none left is dropped). */
export function withServer(registry: Registry, record: ServerRecord): Registry {
  const others = registry.servers.filter((s) => !(s.socket === record.socket && s.server === record.server));
  return { servers: record.sessions.length > 0 ? [...others, record] : others };
}

/**
 * Record what one server runs now, unless it is what the file already says. Returns whether it wrote.
 * A corrupt registry is left in place (warned about once) for \`agentmux restore\` to report: the
 * daemon overwriting it would drop the dead servers' sessions without a word.
 */
export function recordServer(file: string, record: ServerRecord): boolean {
  return withFileLock(file, () => {
    const read = readStateFile(file, { valid: hasServers, keepAside: false, silent: true });
    if (read.kind === "corrupt") { warnCorrupt(read); return false; }
    const registry = registryOf(read);
    const before = registry.servers.find((s) => s.socket === record.socket && s.server === record.server);
    if (JSON.stringify(before?.sessions ?? []) === JSON.stringify(record.sessions)) return false;
    writeRegistry(file, withServer(registry, record));
    return true;
  });
}

/** How to look at a process: whether a pid runs, and when it started (epoch seconds), if known. */
export interface ProcessProbe { alive(pid: number): boolean; startedAt(pid: number): number | null }

/**
 * Pure: a recorded server is dead when it is not the server running now and no process has its pid,
 * or the process with that pid started at another time (the pid was reused).
 */
export function isServerDead(serverId: string, currentId: string, probe: ProcessProbe): boolean {
  if (serverId === currentId) return false;
  const [pidText, startText] = serverId.split(":");
  const pid = Number(pidText);
  const start = Number(startText);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (!probe.alive(pid)) return true;
  const startedAt = probe.startedAt(pid);
  // /proc's start time is in clock ticks since boot: allow a little rounding.
  return startedAt !== null && Number.isFinite(start) && Math.abs(startedAt - start) > 2;
}

/** Pure: the entries of the dead servers at this socket path. */
export function restorable(registry: Registry, socket: string, currentId: string, probe: ProcessProbe): Array<{ server: string; entry: RestoreEntry }> {
  return registry.servers
    .filter((s) => s.socket === socket && isServerDead(s.server, currentId, probe))
    .flatMap((s) => s.sessions.map((entry) => ({ server: s.server, entry })));
}

/** Pure: after a restore run, take out the restored entries and record the failures' errors. */
export function afterRestore(registry: Registry, socket: string, server: string, restored: string[], failed: Map<string, string>): Registry {
  const record = registry.servers.find((s) => s.socket === socket && s.server === server);
  if (!record) return registry;
  const sessions = record.sessions
    .filter((e) => !restored.includes(e.id))
    .map((e) => (failed.has(e.id) ? { ...e, error: failed.get(e.id) as string } : e));
  return withServer(registry, { ...record, sessions });
}
