import { cpSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync, unlinkSync } from "node:fs";
import { dirname, join, basename } from "node:path";

const tempSibling = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);

/** Write a file through a temporary sibling renamed into place, so a reader never sees half of it. */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = tempSibling(path);
  try {
    writeFileSync(tmp, data, { mode });
    renameSync(tmp, path);
  } catch (error) {
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw error;
  }
}

/** Point path at target through a temporary link renamed into place. */
export function linkAtomic(target: string, path: string): void {
  const tmp = tempSibling(path);
  symlinkSync(target, tmp);
  try {
    renameSync(tmp, path);
  } catch (error) {
    rmSync(tmp, { force: true });
    throw error;
  }
}

/** Copy a directory (links inside it followed) into place through a temporary sibling. */
export function copyDirAtomic(from: string, to: string): void {
  const tmp = tempSibling(to);
  try {
    cpSync(from, tmp, { recursive: true, dereference: true, errorOnExist: true });
    renameSync(tmp, to);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
