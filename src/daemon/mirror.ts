import { unlinkSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";

/**
 * The state mirror the hook script reads to skip tool events of a session already working.
 * A failed write deletes the file, so the script falls back to sending events.
 */
export function writeMirror(dir: string, pane: string, state: string, token: string): void {
  const file = join(dir, pane);
  try {
    // Rebuilt at every change and on start: whole or absent, not flushed to disk (atomic-write.ts durable).
    writeFileAtomic(file, `${state} ${token || "-"}\n`, 0o600, { durable: false });
  } catch {
    removeMirror(dir, pane);
  }
}

export function removeMirror(dir: string, pane: string): void {
  try { unlinkSync(join(dir, pane)); } catch { /* none */ }
}
