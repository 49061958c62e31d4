import { statSync } from "node:fs";

/** What changes when a file is written, by anyone: its identity, size and time ("none" when missing). */
export function fileStamp(file: string): string {
  try {
    // A missing file is the usual answer (no config written): told without an exception made and thrown.
    const s = statSync(file, { throwIfNoEntry: false });
    return s === undefined ? "none" : `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return "none";
  }
}
