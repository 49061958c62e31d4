import { readFileSync, statSync } from "node:fs";
import { moveAside } from "./backup.ts";
import { warn } from "./terminal-text.ts";

/** The tag of a state file kept aside because it could not be read. */
export const CORRUPT_TAG = "agentmux-corrupt";

/**
 * What reading one of agentmux's JSON state files found. `corrupt` is never an empty value:
 * each caller decides what a file it cannot trust means (an error, or unknown readings).
 */
export type StateRead =
  | { kind: "ok"; value: unknown }
  | { kind: "missing" }
  | { kind: "corrupt"; file: string; reason: string; keptAt: string | null };

export interface StateFileReporting {
  /** Where a corrupt file is reported (stderr by default; the daemon's log in the daemon). */
  warn: (line: string) => void;
  /** Whether a reader moves a corrupt file aside; the daemon leaves it for the command that decides with it. */
  keepAside: boolean;
}

const reporting: StateFileReporting = {
  warn: (line) => warn(line),
  keepAside: true,
};
const warned = new Set<string>();

/** Set, for this process, where corrupt state files are reported and whether readers move them aside. */
export function setStateFileReporting(change: Partial<StateFileReporting>): void {
  Object.assign(reporting, change);
}

export interface ReadStateOptions {
  /** Whether the value has the file's shape; one that has not is corrupt too. */
  valid?: (value: unknown) => boolean;
  /** Move a corrupt file aside whatever this process's default (a writer about to replace it must). */
  keepAside?: boolean;
  /** The caller reports it (an error it throws): nothing is warned here. */
  silent?: boolean;
  now?: Date;
}

/**
 * Read a JSON state file. A file that does not parse (or has not the shape asked for) is moved to
 * `<file>.agentmux-corrupt-<YYYYMMDD-HHMMSS>` and reported once, naming both paths.
 */
export function readStateFile(file: string, options: ReadStateOptions = {}): StateRead {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
    return corrupt(file, `unreadable: ${(error as Error).message}`, options);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return corrupt(file, `not valid JSON: ${(error as Error).message}`, options);
  }
  if (options.valid && !options.valid(value)) return corrupt(file, "not the shape agentmux writes", options);
  return { kind: "ok", value };
}

function corrupt(file: string, reason: string, options: ReadStateOptions): StateRead {
  let keptAt: string | null = null;
  let moveError = "";
  if (options.keepAside ?? reporting.keepAside) {
    try {
      keptAt = moveAside(file, options.now ?? new Date(), CORRUPT_TAG);
    } catch (error) {
      moveError = (error as Error).message;
    }
  }
  const found = { kind: "corrupt" as const, file, reason: moveError ? `${reason}; could not move it aside: ${moveError}` : reason, keptAt };
  if (!options.silent) warnCorrupt(found);
  return found;
}

/** Warn about a corrupt file: a file left in place once per process (a kept one is gone, so once anyway). */
export function warnCorrupt(c: { file: string; reason: string; keptAt: string | null }): void {
  let key = c.file;
  try { const s = statSync(c.file); key = `${c.file}:${s.size}:${s.mtimeMs}`; } catch { /* moved aside */ }
  if (c.keptAt === null && warned.has(key)) return;
  warned.add(key);
  reporting.warn(describeCorrupt(c));
}

/** One line naming the corrupt file, what is wrong with it, and where it was kept. */
export function describeCorrupt(c: { file: string; reason: string; keptAt: string | null }): string {
  return `${c.file} is corrupt (${c.reason}); ${c.keptAt ? `kept it as ${c.keptAt}` : "left it in place"}`;
}
