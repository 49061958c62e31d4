import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import { readStateFile } from "../util/state-file.ts";

/** A nudge of a stateless tick, kept for the inbox until dismissed. */
export interface Nudge { at: number; message: string }

/** What the daemon keeps of the chief between its runs: whether the timer runs, when it last ticked, what came of it. */
export interface ChiefRecord {
  running: boolean;
  /** The last scheduled tick (epoch ms): the next is this plus chief.interval, also after a daemon restart. */
  lastTick: number | null;
  last: { at: number; mode: string; outcome: string } | null;
  /** Stateless nudges not dismissed yet (the newest 20). */
  nudges: Nudge[];
}

export const EMPTY_RECORD: ChiefRecord = { running: false, lastTick: null, last: null, nudges: [] };

const MAX_NUDGES = 20;

/** The record in the file; an empty one when there is none, or when it is corrupt (moved aside and reported by readStateFile). */
export function loadRecord(file: string, warn: (line: string) => void): ChiefRecord {
  const read = readStateFile(file, { valid: isJsonObject, silent: true, keepAside: true });
  if (read.kind === "missing") return { ...EMPTY_RECORD, nudges: [] };
  if (read.kind === "corrupt") { warn(`chief: ${file} could not be read (${read.reason}); kept at ${read.keptAt ?? "its place"}, starting afresh`); return { ...EMPTY_RECORD, nudges: [] }; }
  const v = read.value as Record<string, unknown>;
  const time = (x: unknown) => (typeof x === "number" && Number.isFinite(x) && x > 0 ? x : null);
  const last = isJsonObject(v["last"]) && typeof v["last"]["outcome"] === "string" && time(v["last"]["at"]) !== null
    ? { at: time(v["last"]["at"]) as number, mode: String(v["last"]["mode"] ?? ""), outcome: v["last"]["outcome"] }
    : null;
  const nudges = Array.isArray(v["nudges"])
    ? v["nudges"].filter((n): n is Nudge => isJsonObject(n) && time(n["at"]) !== null && typeof n["message"] === "string").slice(-MAX_NUDGES)
    : [];
  return { running: v["running"] === true, lastTick: time(v["lastTick"]), last, nudges };
}

export function saveRecord(file: string, record: ChiefRecord): void {
  writeFileAtomic(file, `${JSON.stringify({ ...record, nudges: record.nudges.slice(-MAX_NUDGES) })}\n`, 0o600);
}

/** Pure: when the next tick is due: at once when none ran yet or one is overdue, else a whole interval after the last. */
export function nextTickAt(record: ChiefRecord, intervalMs: number, now: number): number {
  return record.lastTick === null ? now : Math.max(now, record.lastTick + intervalMs);
}
