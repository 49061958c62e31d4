import { constants, copyFileSync } from "node:fs";

/** Local time as YYYYMMDD-HHMMSS. */
export function compactTimestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/**
 * Copy a file to `<path>.<tag>-<YYYYMMDD-HHMMSS>` and return the copy's path. An existing backup is
 * never overwritten: a second one within the same second gets a `-2`, `-3` … suffix.
 */
export function backupFile(path: string, tag: string, now = new Date()): string {
  const base = `${path}.${tag}-${compactTimestamp(now)}`;
  for (let n = 1; ; n += 1) {
    const target = n === 1 ? base : `${base}-${n}`;
    try {
      copyFileSync(path, target, constants.COPYFILE_EXCL);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
