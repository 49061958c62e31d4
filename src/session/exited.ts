import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import { readStateFile } from "../util/state-file.ts";
import type { SessionRecord } from "./identity.ts";

/** A session whose process ended: kept listed (with its exit status) after its pane is gone. */
export interface ExitedSession extends SessionRecord {
  pane: string;
  startedAt: number | null;
  endedAt: number;
  exitStatus: number | null;
  /** "exited" (the process ended by itself) or "killed". */
  how: string;
}

interface RegistryFile { server: string; sessions: ExitedSession[] }

const KEEP = 200;

export function exitedFile(stateDir: string, key: string): string {
  return join(stateDir, `exited-${key}.json`);
}

const isRegistryFile = (value: unknown): value is RegistryFile => isJsonObject(value) && Array.isArray(value["sessions"]);

/**
 * The exited sessions of this tmux server instance (a registry left by an earlier server is ignored).
 * A corrupt file lists none: it is warned about, naming it (and kept aside, except by the daemon's reads).
 */
export function readExited(file: string, serverId: string, keepAside?: boolean): ExitedSession[] {
  const read = readStateFile(file, { valid: isRegistryFile, ...(keepAside ? { keepAside } : {}) });
  if (read.kind !== "ok" || !isRegistryFile(read.value)) return [];
  return read.value.server === serverId ? read.value.sessions : [];
}

/** Add one (the daemon is the only writer); the newest KEEP are kept. A corrupt file is kept aside first. */
export function recordExited(file: string, serverId: string, session: ExitedSession): void {
  const sessions = readExited(file, serverId, true).filter((s) => s.pane !== session.pane);
  sessions.push(session);
  writeFileAtomic(file, `${JSON.stringify({ server: serverId, sessions: sessions.slice(-KEEP) }, null, 1)}\n`, 0o600);
}

/** Take one off the list (restart or handoff brought it back in a new pane). */
export function forgetExited(file: string, serverId: string, pane: string): boolean {
  const sessions = readExited(file, serverId);
  const kept = sessions.filter((s) => s.pane !== pane);
  if (kept.length === sessions.length) return false;
  writeFileAtomic(file, `${JSON.stringify({ server: serverId, sessions: kept }, null, 1)}\n`, 0o600);
  return true;
}
