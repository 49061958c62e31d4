import { mkdirSync, renameSync, writeFileSync, unlinkSync } from "node:fs";
import { dirname, join, basename } from "node:path";

/** Write a file through a temporary sibling renamed into place, so a reader never sees half of it. */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, data, { mode });
    renameSync(tmp, path);
  } catch (error) {
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw error;
  }
}
