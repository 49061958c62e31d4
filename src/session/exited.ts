import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
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

/** The exited sessions of this tmux server instance (a registry left by an earlier server is ignored). */
export function readExited(file: string, serverId: string): ExitedSession[] {
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as RegistryFile;
    return data.server === serverId && Array.isArray(data.sessions) ? data.sessions : [];
  } catch {
    return [];
  }
}

/** Add one (the daemon is the only writer); the newest KEEP are kept. */
export function recordExited(file: string, serverId: string, session: ExitedSession): void {
  const sessions = readExited(file, serverId).filter((s) => s.pane !== session.pane);
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
