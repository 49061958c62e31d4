import { cpSync, lstatSync, mkdirSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { SharedItem } from "../backends/account-homes.ts";
import { compactTimestamp } from "../util/backup.ts";

export const BACKUP_TAG = "agentmux-backup";

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Move a file, directory or link aside to `<path>.agentmux-backup-<YYYYMMDD-HHMMSS>` (or `-2`, `-3` …)
 * by renaming it, so every byte survives. Returns the new path.
 */
export function moveAside(path: string, now: Date): string {
  const base = `${path}.${BACKUP_TAG}-${compactTimestamp(now)}`;
  for (let n = 1; ; n += 1) {
    const target = n === 1 ? base : `${base}-${n}`;
    if (exists(target)) continue;
    renameSync(path, target);
    return target;
  }
}

const tempSibling = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);

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

function pointsAt(path: string, target: string): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
    return readlinkSync(path) === target || realpathSync(path) === realpathSync(target);
  } catch {
    return false;
  }
}

export type LinkOutcome =
  | { kind: "linked"; backup?: string | undefined }
  | { kind: "already" }
  | { kind: "kept-local" }
  | { kind: "nothing" };

/**
 * Make `<home>/<item>` a link to `<canonical>/<item>`. Whatever is there already (a file, a
 * directory, a link elsewhere) is moved aside first. Where the canonical home has no such item, an
 * account-local one is left as it is; a missing directory is created in the canonical home so it
 * is shared from the start; a missing file is left until the CLI writes one.
 */
export function linkShared(item: SharedItem, canonical: string, home: string, now: Date): LinkOutcome {
  const target = join(canonical, item.name);
  const path = join(home, item.name);
  if (pointsAt(path, target)) return { kind: "already" };
  if (!exists(target)) {
    if (exists(path) && !lstatSync(path).isSymbolicLink()) return { kind: "kept-local" };
    if (item.kind === "file") return { kind: "nothing" };
    mkdirSync(target, { recursive: true, mode: 0o700 });
  }
  const backup = exists(path) ? moveAside(path, now) : undefined;
  linkAtomic(target, path);
  return { kind: "linked", backup };
}
