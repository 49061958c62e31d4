import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { moveAside } from "../util/backup.ts";
import { AgentmuxError } from "../util/errors.ts";
import { withFileLock } from "../util/lock-file.ts";
import { places } from "../util/paths.ts";
import { CORRUPT_TAG, describeCorrupt, warnCorrupt } from "../util/state-file.ts";
import { CaptureFormatError, formatCaptureFile, parseCaptureFile, type CaptureFile, type CaptureKey, type CapturedEntry } from "./format.ts";

/** Where the capture files live: one per session key, under the state directory. */
export function captureDir(stateDir = places().stateDir): string {
  return join(stateDir, "prompts");
}

const readable = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(0, 40);

/**
 * The capture file of a session key: a readable name (backend, account, directory's last part,
 * instance; every other character made "_") and a hash of the whole key, so two keys never share
 * a file and nothing in a name reaches the path unmade.
 */
export function captureFile(key: CaptureKey, stateDir?: string): string {
  const hash = createHash("sha256").update(JSON.stringify([key.backend, key.account, key.dir, key.instance])).digest("hex").slice(0, 12);
  const base = key.dir.split("/").filter(Boolean).at(-1) ?? "";
  const words = [key.backend, key.account || "default", base, key.instance].map(readable).filter(Boolean);
  return join(captureDir(stateDir), `${words.join("-")}-${hash}.md`);
}

/** An entry's short id (for --pick): from its time and body, so it stays while others come and go. */
export function entryId(entry: CapturedEntry): string {
  return createHash("sha256").update(`${entry.time}\n${entry.body}`).digest("hex").slice(0, 8);
}

/** The entries waiting to be inserted: those with a body. */
export function pendingEntries(file: CaptureFile): CapturedEntry[] {
  return file.entries.filter((e) => e.body.trim() !== "");
}

export type CaptureRead =
  | { kind: "ok"; file: CaptureFile }
  /** Only without a key: with one, a missing file is an empty one. */
  | { kind: "missing" }
  | { kind: "corrupt"; path: string; reason: string; keptAt: string | null };

/** Read a capture file; a missing one is empty. One that agentmux did not write is moved aside (never read as empty). */
export function readCapture(path: string, key: CaptureKey, now?: Date): Exclude<CaptureRead, { kind: "missing" }>;
export function readCapture(path: string, key: null, now?: Date): CaptureRead;
export function readCapture(path: string, key: CaptureKey | null, now = new Date()): CaptureRead {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return key ? { kind: "ok", file: { key, entries: [] } } : { kind: "missing" };
    return keepAside(path, `unreadable: ${(error as Error).message}`, now);
  }
  try {
    let text: string;
    try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch { throw new CaptureFormatError("it is not valid UTF-8"); }
    return { kind: "ok", file: parseCaptureFile(text) };
  } catch (error) {
    if (!(error instanceof CaptureFormatError)) throw error;
    return keepAside(path, error.message, now);
  }
}

function keepAside(path: string, reason: string, now: Date): Extract<CaptureRead, { kind: "corrupt" }> {
  let keptAt: string | null = null;
  let problem = reason;
  try { keptAt = moveAside(path, now, CORRUPT_TAG); } catch (error) { problem = `${reason}; could not move it aside: ${(error as Error).message}`; }
  return { kind: "corrupt", path, reason: problem, keptAt };
}

function corruptError(read: Extract<CaptureRead, { kind: "corrupt" }>): AgentmuxError {
  return new AgentmuxError(`the captured prompts file ${describeCorrupt({ file: read.path, reason: read.reason, keptAt: read.keptAt })}`, {
    hint: read.keptAt ? `its prompts are in ${read.keptAt}: copy them back with agentmux prompt capture, then remove it` : `fix or remove ${read.path}`,
  });
}

/** The file of a key, read: a corrupt one is an error naming where it was kept. */
export function loadCapture(key: CaptureKey, stateDir?: string): CaptureFile {
  const read = readCapture(captureFile(key, stateDir), key);
  if (read.kind === "corrupt") throw corruptError(read);
  return read.file;
}

/** How many prompts wait in a key's file. */
export function pendingCount(key: CaptureKey, stateDir?: string): number {
  return pendingEntries(loadCapture(key, stateDir)).length;
}

/**
 * Change a key's file under its lock: read it, let change return the new entries, write it
 * atomically (removed entries stay until this write succeeded). A corrupt file is kept aside and
 * reported, and the change starts from an empty file only when startFresh says so (capture: the
 * new prompt must not be lost; insert: an error).
 */
export function updateCapture<T>(key: CaptureKey, change: (entries: CapturedEntry[]) => { entries: CapturedEntry[]; result: T }, options: { stateDir?: string; startFresh?: boolean } = {}): T {
  const path = captureFile(key, options.stateDir);
  return withFileLock(path, () => {
    const read = readCapture(path, key);
    let entries: CapturedEntry[] = [];
    if (read.kind === "corrupt") {
      if (!options.startFresh) throw corruptError(read);
      warnCorrupt({ file: read.path, reason: read.reason, keptAt: read.keptAt });
    } else {
      entries = read.file.entries;
    }
    const next = change(entries);
    writeFileAtomic(path, formatCaptureFile({ key, entries: next.entries }), 0o600);
    return next.result;
  });
}

export interface CaptureListing { path: string; file: CaptureFile }

/** Every capture file under the state directory (list --all); corrupt ones are kept aside and reported. */
export function allCaptures(stateDir?: string): CaptureListing[] {
  const dir = captureDir(stateDir);
  let names: string[];
  try { names = readdirSync(dir); } catch { return []; }
  const out: CaptureListing[] = [];
  for (const name of names.filter((n) => n.endsWith(".md")).sort()) {
    const path = join(dir, name);
    const read = readCapture(path, null);
    if (read.kind === "corrupt") warnCorrupt({ file: read.path, reason: read.reason, keptAt: read.keptAt });
    else if (read.kind === "ok") out.push({ path, file: read.file });
  }
  return out;
}

/** A session's key: its identity, never its pane (a restart or a restore keeps the file). */
export function captureKey(session: CaptureKey): CaptureKey {
  return { backend: session.backend, account: session.account, dir: session.dir, instance: session.instance };
}

/**
 * Move a key's entries to another key's file (after the session moved to another account): they
 * are appended there, then the old file goes. Returns how many moved; a corrupt old file is kept
 * aside and reported, and moves nothing.
 */
export function carryCaptures(from: CaptureKey, to: CaptureKey, stateDir?: string): number {
  const fromPath = captureFile(from, stateDir);
  if (fromPath === captureFile(to, stateDir)) return 0;
  return withFileLock(fromPath, () => {
    const read = readCapture(fromPath, from);
    if (read.kind === "corrupt") throw corruptError(read);
    const moved = read.file.entries;
    if (moved.length === 0) return 0;
    updateCapture(to, (entries) => ({ entries: [...entries, ...moved], result: undefined }), { stateDir, startFresh: true });
    rmSync(fromPath, { force: true });
    return pendingEntries({ key: from, entries: moved }).length;
  });
}
