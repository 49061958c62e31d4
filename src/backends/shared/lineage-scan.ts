import { realpathSync } from "node:fs";

/** The most files one lineage scan reads; a place holding more is treated as unknown. */
export const LINEAGE_SCAN_LIMIT = 5000;

/** How much of one file a lineage scan reads at most (a first line holding a long queued prompt included). */
export const LINEAGE_HEAD_BYTES = 16 * 1024 * 1024;

/** The spellings of a directory a CLI may have recorded: as given and resolved (a symbolic link followed), without a trailing slash. */
export function dirSpellings(dir: string): string[] {
  const trimmed = dir.length > 1 ? dir.replace(/\/+$/u, "") : dir;
  let real = trimmed;
  try { real = realpathSync(trimmed); } catch { /* a directory that is gone is still looked for as given */ }
  return [...new Set([trimmed, real])];
}

/** Whether an error means the file went away between listing and reading it (a session cleaning up). */
export function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}

/** The fork pairs among conversations: each one whose parent the files tell. */
export function lineageOf(headers: readonly { id: string; parent?: string | undefined }[]): { id: string; parent: string }[] {
  return headers.flatMap((h) => (h.parent !== undefined && h.parent !== h.id ? [{ id: h.id, parent: h.parent }] : []));
}
