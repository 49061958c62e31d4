import { statSync } from "node:fs";

/** What changes when a file is written, by anyone: its identity, size and time ("none" when missing). */
export function fileStamp(file: string): string {
  try {
    const s = statSync(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return "none";
  }
}
