import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { pidAlive, processStart } from "./proc.ts";

/** A lock held for the life of one process: the file, and how to let it go. */
export interface LifeLock {
  path: string;
  release(): void;
}

/** The lock is held by another live process (pid, or 0 while it is being written). */
export interface LockHeld {
  holder: number;
}

/** A holder's half-written lock file is judged by age alone: no holder takes this long to write a line. */
const EMPTY_GRACE_MS = 5000;

function holderOf(path: string): { pid: number; start: string; empty: boolean; mtimeMs: number } | null {
  try {
    const text = readFileSync(path, "utf8").trim();
    const [pid = "", start = ""] = text.split(" ");
    return { pid: Number(pid), start, empty: text === "", mtimeMs: statSync(path).mtimeMs };
  } catch {
    return null;
  }
}

/** Whether the lock's holder is gone: its pid is dead, or was given to a process started later. */
function stale(path: string): boolean {
  const h = holderOf(path);
  if (!h) return false;
  if (h.empty || !Number.isInteger(h.pid) || h.pid <= 0) return Date.now() - h.mtimeMs > EMPTY_GRACE_MS;
  if (!pidAlive(h.pid)) return true;
  return h.start !== "" && processStart(h.pid) !== "" && processStart(h.pid) !== h.start;
}

function create(path: string): number | null {
  try {
    return openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw error;
  }
}

/**
 * Take `path` (made with O_EXCL, holding "pid start-time") for the rest of this process's life, or
 * answer who holds it. A holder that died (even by kill -9) is taken over. Taking over happens
 * under a second, short-lived lock (`<path>.takeover`), and the holder is judged again under it:
 * two processes that both found the holder dead cannot both remove the lock, nor remove the new
 * holder's. Only the holder removes its own lock; a crashed takeover is cleared after 5 s.
 */
export function takeLifeLock(path: string): LifeLock | LockHeld {
  for (let attempt = 0; attempt < 3; attempt++) {
    const fd = create(path);
    if (fd !== null) {
      try { writeSync(fd, `${process.pid} ${processStart(process.pid)}\n`); } finally { closeSync(fd); }
      return { path, release: () => release(path) };
    }
    if (!stale(path)) return { holder: holderOf(path)?.pid ?? 0 };
    const guard = `${path}.takeover`;
    const g = create(guard);
    if (g === null) {
      const age = holderOf(guard);
      if (age && Date.now() - age.mtimeMs > EMPTY_GRACE_MS) {
        const dead = `${guard}.${process.pid}`;
        try { renameSync(guard, dead); unlinkSync(dead); } catch { /* another cleared it */ }
        continue;
      }
      return { holder: holderOf(path)?.pid ?? 0 };
    }
    try {
      if (stale(path)) { try { unlinkSync(path); } catch { /* gone */ } }
    } finally {
      closeSync(g);
      unlinkSync(guard);
    }
  }
  return { holder: holderOf(path)?.pid ?? 0 };
}

function release(path: string): void {
  const h = holderOf(path);
  if (h && h.pid === process.pid) { try { unlinkSync(path); } catch { /* gone */ } }
}

/** The pid of the lock's holder, when it is alive; null otherwise. */
export function lockHolder(path: string): number | null {
  const h = holderOf(path);
  return h && !stale(path) && h.pid > 0 ? h.pid : null;
}
