import { lstatSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { readBounded } from "./spool-file.ts";

/**
 * Who is still writing a spool file. shell/agentmux-hook creates .<pane>.<id>.<EVENT>.tmp and
 * writes its header in the shell whose pid names it, then reads the payload in a background reader
 * that renames the file into place; that shell exits at once. Its last act is to write the
 * reader's pid into .<pane>.<id>.<EVENT>.reader (by redirection: no fork on the hot path), which
 * it emptied before creating the file (so what a finished writer of the same name left, a pid
 * wrap-around ago, is never read as its own). The writer is the shell of the name until a reader's
 * pid is there, then that reader. Writers without a background part (`agentmux hook`, codex-notify,
 * the shell integrations) leave no reader file: their own pid is the writer.
 */
export const READER = /^\.(%\d+\.\d+(?:_\d+)?\.[A-Za-z0-9_-]+)\.reader$/;

/**
 * A writer alive but silent this long (no byte added) is given up on: its event is taken as it is,
 * with a logged reason. Only a CLI that never closes its hook's stdin gets here; a loaded machine
 * slows writers down by seconds, not by a minute.
 */
export const WRITER_SILENT_MS = 60_000;

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface Writer { pid: number; alive: boolean }

/** What the daemon does with a file still being written. */
export type WriterVerdict =
  | { kind: "wait" }
  | { kind: "gone"; reason: string }
  | { kind: "silent"; reason: string };

/**
 * The rule: wait for a writer that is alive, however slowly it writes (stopped, starved, its stdin
 * late), unless it has been silent for WRITER_SILENT_MS; a writer gone without renaming its file
 * was killed, and what the file holds now is all it will ever hold.
 */
export function judgeWriter(writer: Writer, silentMs: number): WriterVerdict {
  if (!writer.alive) return { kind: "gone", reason: `its writer (pid ${writer.pid}) is gone without renaming it` };
  if (silentMs < WRITER_SILENT_MS) return { kind: "wait" };
  return { kind: "silent", reason: `its writer (pid ${writer.pid}) is alive but wrote nothing for ${Math.round(silentMs / 1000)} s` };
}

/** The reader's pid a forwarder left for <base> (<pane>.<id>.<EVENT>), 0 for none (yet). */
function readerOf(dir: string, base: string): number {
  const read = readBounded(join(dir, `.${base}.reader`), 32);
  const pid = read.ok ? Number(read.content.trim()) : 0;
  return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
}

/**
 * The writer of .<base>.tmp, named by pid. Its shell is asked about only while it has named no
 * reader; once that shell is gone the reader file is read again, as the shell may have written
 * it between the first look and its exit.
 */
export function writerOf(dir: string, base: string, pid: number): Writer {
  const reader = readerOf(dir, base);
  if (reader) return { pid: reader, alive: alive(reader) };
  if (alive(pid)) return { pid, alive: true };
  const late = readerOf(dir, base);
  return late ? { pid: late, alive: alive(late) } : { pid, alive: false };
}

/**
 * Remove the reader files whose spool file is no longer being written (renamed into place, taken or
 * rejected): those naming a reader, and empty ones whose shell is gone.
 */
export function sweepReaders(dir: string, bases: Iterable<string>, writing: ReadonlySet<string>): void {
  for (const base of bases) {
    if (writing.has(base)) continue;
    // Not listed is not enough: a listing may miss a file made while it ran.
    try { lstatSync(join(dir, `.${base}.tmp`)); continue; } catch { /* gone */ }
    if (!readerOf(dir, base) && alive(parseInt(base.split(".")[1] ?? "", 10))) continue; // its shell is about to create it
    try { unlinkSync(join(dir, `.${base}.reader`)); } catch { /* gone */ }
  }
}
