import { closeSync, cpSync, fsyncSync, mkdirSync, openSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, basename, resolve } from "node:path";
import { AgentmuxError } from "./errors.ts";
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

/** As many links as the kernel follows in one path (Linux's MAXSYMLINKS). */
const MAX_LINKS = 40;

/**
 * The file a write to path lands in: path itself, or, when path is a symlink, the file its chain
 * of links ends at (which need not exist yet). A link is resolved from the real directory it sits in.
 */
export function linkTarget(path: string): string {
  let at = path;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    let link: string;
    try {
      link = readlinkSync(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EINVAL" || code === "ENOENT" || code === "ENOTDIR") return at;
      throw error;
    }
    let dir = dirname(at);
    try { dir = realpathSync(dir); } catch { /* created by the write */ }
    at = resolve(dir, link);
  }
  throw new AgentmuxError(`${path}: too many levels of symbolic links`, { hint: "point the link at a file, not back at itself" });
}

/** A file's permission bits (through a link), kept when agentmux rewrites it; `fallback` for a file not there yet. */
export function modeOf(path: string, fallback: number): number {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return fallback;
  }
}

export interface AtomicWriteOptions {
  /**
   * true: a symlink at path is replaced by the file, its target left alone: for a directory
   * agentmux owns whose links point at the user's files (a session home's mirror).
   */
  replaceLink?: boolean;
  /**
   * false: not flushed to disk (no fsync of the file or its directory). For a file rebuilt from live
   * state at every change (the daemon's state mirror): a reader still never sees half of it, and a
   * crash may lose the last one, which the next change writes again. An fsync per state change
   * was half of the daemon's work taking in 100 sessions.
   */
  durable?: boolean;
}

/**
 * Write a file through a temporary sibling, flushed to disk, then renamed into place: a reader
 * never sees half of it, and a crash leaves the old file or the new one, never an empty one. A
 * path that is a symlink (a config kept in a dotfiles repository, a TODO file linked into a
 * project) stays one: the file it points at is written, through a sibling in its own directory.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644, options: AtomicWriteOptions = {}): void {
  const target = options.replaceLink ? path : linkTarget(path);
  const tmp = tempSibling(target);
  try {
    mkdirSync(dirname(target), { recursive: true });
    const fd = openSync(tmp, "w", mode);
    try {
      writeFileSync(fd, data);
      if (options.durable !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  } catch (error) {
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw writeFailure(path, error);
  }
  if (options.durable !== false) fsyncDir(dirname(target));
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
