import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { moveAside } from "../util/backup.ts";
import { writeFailure } from "../util/fs-failure.ts";
import { isJsonObject } from "../util/json.ts";
import { KiB, readRegularFile } from "../util/regular-file.ts";

/**
 * Which project files (.agentmux.yml) the user allowed, like direnv: each file's real path → the
 * sha256 of the content allowed. `told` remembers the (file, hash) pairs already announced as
 * waiting to be allowed, so the notice comes once.
 */
export interface AllowStore { allowed: Record<string, string>; told: Record<string, string> }

export function allowStoreFile(stateDir: string): string {
  return join(stateDir, "allowed-projects.json");
}

/** A project file as read once: its real path, its bytes' sha256 and its text (what is parsed is what was hashed). */
export interface ProjectFileRead { file: string; real: string; hash: string; text: string }

/** The largest project file read: a list of sessions and their watch patterns. */
export const PROJECT_FILE_MAX = 256 * KiB;

/** Read a project file; one that is not a regular file within PROJECT_FILE_MAX is refused (FileRefused), never waited on. */
export function readProjectFile(file: string): ProjectFileRead {
  const bytes = readRegularFile(file, { maxBytes: PROJECT_FILE_MAX });
  return { file, real: realpathSync(file), hash: createHash("sha256").update(bytes).digest("hex"), text: bytes.toString("utf8") };
}

const stringMap = (value: unknown): value is Record<string, string> => isJsonObject(value) && Object.values(value).every((v) => typeof v === "string");

/**
 * Read the store. A file that is not a store is moved aside (never read as empty and overwritten
 * unseen); `problem` then says where it went, for the caller to report.
 */
export function readAllowStore(stateDir: string, now = new Date()): { store: AllowStore; problem?: string } {
  const file = allowStoreFile(stateDir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { store: { allowed: {}, told: {} } };
    throw error;
  }
  try {
    const data = JSON.parse(text) as unknown;
    if (isJsonObject(data) && stringMap(data["allowed"]) && stringMap(data["told"] ?? {})) {
      return { store: { allowed: data["allowed"], told: (data["told"] ?? {}) as Record<string, string> } };
    }
  } catch { /* reported below */ }
  const kept = moveAside(file, now);
  return { store: { allowed: {}, told: {} }, problem: `${file} was not a list of allowed project files; kept it as ${kept} and start afresh (allow your project files again with agentmux allow DIR)` };
}

/** Write the store through a temporary file, fsynced and renamed into place (0600). */
export function writeAllowStore(stateDir: string, store: AllowStore): void {
  const file = allowStoreFile(stateDir);
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw writeFailure(file, error);
  }
  writeFileAtomic(file, `${JSON.stringify(store, null, 2)}\n`, 0o600);
}

/** allowed: this content was allowed; changed: another content of this file was; new: never allowed. */
export type AllowVerdict = "allowed" | "changed" | "new";

export function allowVerdict(store: AllowStore, read: ProjectFileRead): AllowVerdict {
  const allowed = store.allowed[read.real];
  return allowed === read.hash ? "allowed" : allowed === undefined ? "new" : "changed";
}
