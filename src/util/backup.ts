import { constants, copyFileSync, lstatSync, renameSync } from "node:fs";

/** The tag of what agentmux moves or copies aside before replacing a user's file. */
export const BACKUP_TAG = "agentmux-backup";

/** Local time as YYYYMMDD-HHMMSS. */
export function compactTimestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/**
 * Create `<path>.<tag>-<YYYYMMDD-HHMMSS>` with `create`, which must fail with EEXIST when the name is
 * taken: a second one within the same second gets `-2`, `-3` …, so nothing is ever overwritten.
 * Returns the name used.
 */
export function keepSibling(path: string, tag: string, now: Date, create: (target: string) => void): string {
  const base = `${path}.${tag}-${compactTimestamp(now)}`;
  for (let n = 1; ; n += 1) {
    const target = n === 1 ? base : `${base}-${n}`;
    try {
      create(target);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

/** Copy a file to `<path>.<tag>-<YYYYMMDD-HHMMSS>` and return the copy's path. */
export function backupFile(path: string, tag: string, now = new Date()): string {
  return keepSibling(path, tag, now, (target) => copyFileSync(path, target, constants.COPYFILE_EXCL));
}

/**
 * Move a file, directory or link aside to `<path>.<tag>-<YYYYMMDD-HHMMSS>` (agentmux-backup by default) by renaming
 * it, so every byte survives. Returns the new path.
 */
export function moveAside(path: string, now: Date, tag = BACKUP_TAG): string {
  return keepSibling(path, tag, now, (target) => {
    let taken = true;
    try { lstatSync(target); } catch { taken = false; }
    if (taken) throw Object.assign(new Error(`${target} exists`), { code: "EEXIST" });
    renameSync(path, target);
  });
}
