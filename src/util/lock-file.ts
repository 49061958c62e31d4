import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { AgentmuxError } from "./errors.ts";
import { pidAlive } from "./proc.ts";

export interface LockOptions {
  /** How long to wait for another holder (ms). */
  waitMs?: number;
  /** A lock older than this is taken over even when its pid runs (ms): no holder keeps one that long. */
  staleMs?: number;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

function holderGone(lock: string, staleMs: number): boolean {
  let text: string;
  let mtime: number;
  try { text = readFileSync(lock, "utf8"); mtime = statSync(lock).mtimeMs; } catch { return false; }
  if (Date.now() - mtime > staleMs) return true;
  // Empty while its holder is between open and write: judged by age alone.
  const pid = Number(text.trim().split(" ")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  return !pidAlive(pid);
}

/**
 * Run fn holding `<file>.lock`, an exclusive file (created with O_EXCL) holding the holder's pid
 * and time, so read-modify-write of one state file by several processes never loses an update.
 * A lock whose process is gone (or that is older than staleMs) is taken over.
 */
export function withFileLock<T>(file: string, fn: () => T, options: LockOptions = {}): T {
  const lock = `${file}.lock`;
  const waitMs = options.waitMs ?? 5000;
  const staleMs = options.staleMs ?? 30_000;
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + waitMs;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lock, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (holderGone(lock, staleMs)) {
        // Renamed away first, so two processes judging it stale at once cannot both remove a live lock.
        const dead = `${lock}.${process.pid}.stale`;
        try { renameSync(lock, dead); unlinkSync(dead); } catch { /* another took it over */ }
        continue;
      }
      if (Date.now() >= deadline) {
        let holder = "";
        try { holder = readFileSync(lock, "utf8").trim().split(" ")[0] ?? ""; } catch { /* released */ }
        throw new AgentmuxError(`${lock} is held${holder ? ` by pid ${holder}` : ""} for more than ${waitMs} ms`, {
          hint: `if no agentmux process runs, remove ${lock}`,
        });
      }
      Atomics.wait(pause, 0, 0, 10);
    }
  }
  try {
    writeSync(fd, `${process.pid} ${Date.now()}\n`);
    return fn();
  } finally {
    closeSync(fd);
    try { unlinkSync(lock); } catch { /* taken over as stale */ }
  }
}
