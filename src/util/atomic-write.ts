import { closeSync, cpSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { writeFailure } from "./fs-failure.ts";

const tempSibling = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);

/** Flush a directory's entries (the rename into it) to disk; not every filesystem lets a directory be opened. */
function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch { /* best effort */ } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Write a file through a temporary sibling, flushed to disk, then renamed into place: a reader
 * never sees half of it, and a crash leaves the old file or the new one, never an empty one.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644): void {
  const tmp = tempSibling(path);
  try {
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(tmp, "w", mode);
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (error) {
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw writeFailure(path, error);
  }
  fsyncDir(dirname(path));
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
