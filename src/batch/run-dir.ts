import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Summary } from "./summary.ts";

/** Pure: the run directory's name for a start time: its UTC time and the verb (2026-12-01T20-30-05Z-batch). */
export function runDirName(at: Date, kind: string): string {
  return `${at.toISOString().replace(/\.\d+Z$/, "Z").replace(/:/g, "-")}-${kind}`;
}

/** Pure: an entry's output file name: 001.json, 002.json … (wider past 999). */
export function outputFileName(number: number): string {
  return `${String(number).padStart(3, "0")}.json`;
}

/** I/O: create a new timestamped run directory under root (a suffix when one of that second exists); answers its path. */
export function createRunDir(root: string, kind: string, at: Date): string {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const base = join(root, runDirName(at, kind));
  for (let n = 1; ; n++) {
    const dir = n === 1 ? base : `${base}-${n}`;
    try {
      mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n > 100) throw error;
    }
  }
}

/** I/O: one entry's raw output. */
export function writeOutput(runDir: string, number: number, raw: string): string {
  const name = outputFileName(number);
  writeFileSync(join(runDir, name), raw, { mode: 0o600 });
  return name;
}

/** I/O: summary.json in the run directory. */
export function writeSummary(summary: Summary): string {
  const file = join(summary.runDir, "summary.json");
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`, { mode: 0o600 });
  return file;
}
