import { lstatSync, mkdirSync, readlinkSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type { SharedItem } from "../backends/account-homes.ts";
import { linkAtomic } from "../util/atomic-write.ts";
import { moveAside } from "../util/backup.ts";
import { entryExists } from "../util/entry-exists.ts";


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
  if (!entryExists(target)) {
    if (entryExists(path) && !lstatSync(path).isSymbolicLink()) return { kind: "kept-local" };
    if (item.kind === "file") return { kind: "nothing" };
    mkdirSync(target, { recursive: true, mode: 0o700 });
  }
  const backup = entryExists(path) ? moveAside(path, now) : undefined;
  linkAtomic(target, path);
  return { kind: "linked", backup };
}
