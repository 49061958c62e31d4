import { DEFAULT_BACKEND } from "../backends/index.ts";
import { lstatSync, readdirSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { readBounded, rejectSpooled, salvagePayload } from "./spool-file.ts";
import { alive, judgeWriter, READER, sweepReaders, WRITER_SILENT_MS, writerOf } from "./spool-writer.ts";

/** One event handed over by shell/agentmux-hook (or `agentmux hook`). */
export interface SpooledEvent {
  file: string;
  event: string;
  pane: string;
  token: string;
  global: boolean;
  /** For global hooks: the agent whose hook it is (claude unless the hook said). */
  agent: string;
  /** Send time: when the file was created (else its modification time), in ms (sub-ms digits kept). */
  at: number;
  pid: number;
  payload: Record<string, unknown>;
  /** The file's identity (name and inode), which the daemon records once it applied the event. */
  key?: string;
}

/** A file the daemon could not take: moved to rejected/ (or deleted), to be logged and journaled. */
export interface DroppedFile { file: string; pane: string; event: string; reason: string; kept: boolean }

// <pane>.<id>.<EVENT>.evt: renamed into place when complete. <pane>.<id>.<EVENT>.sh: the older
// protocol, written in place and complete once its writer (the pid) has exited. <id> is the
// writer's pid, and _N when a file of that pid's name was still in the spool (a pid a wrap-around
// ago): a name is never reused while its file waits, so no event replaces another.
const NAME = /^(%\d+)\.((\d+)(?:_\d+)?)\.([A-Za-z0-9_-]+)\.(sh|evt)$/;
// A file still being written: .<pane>.<id>.<EVENT>.tmp (shell/agentmux-hook) or without the dot.
const TEMP = /^\.?(%\d+)\.((\d+)(?:_\d+)?)\.([A-Za-z0-9_-]+)\.(tmp)$/;

export function parseSpoolName(name: string): { pane: string; pid: number; event: string; complete: boolean } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  return { pane: m[1] ?? "", pid: Number(m[3]), event: m[4] ?? "", complete: m[5] === "evt" };
}

/** Parse a spool file's content: a header line, then the payload (garbage or nothing gives {}). */
export function parseSpoolContent(content: string, truncated = false): { event: string; pane: string; token: string; global: boolean; agent: string; payload: Record<string, unknown> } | null {
  const newline = content.indexOf("\n");
  const header = (newline < 0 ? content : content.slice(0, newline)).split(" ");
  if (header[0] !== "agentmux1" || header.length < 5) return null;
  let payload: Record<string, unknown> = {};
  const body = newline < 0 ? "" : content.slice(newline + 1).trim();
  if (body) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>;
    } catch {
      // Garbage: the event still counts, with nothing in it. A cut object (at the cap, or where its
      // CLI stopped writing when the hook returned) still says what its leading fields say.
      if (truncated || body.startsWith("{")) payload = salvagePayload(body);
    }
  }
  const token = header[3] ?? "-";
  const global = header[4] ?? "0";
  return { event: header[1] ?? "unknown", pane: header[2] ?? "", token: token === "-" ? "" : token, global: global !== "0", agent: global === "1" || global === "0" ? DEFAULT_BACKEND : global, payload };
}

let pidMax = 0;
function maxPid(): number {
  if (pidMax === 0) {
    try { pidMax = Number(readFileSync("/proc/sys/kernel/pid_max", "utf8").trim()) || 32768; } catch { pidMax = 99999; }
  }
  return pidMax;
}

/**
 * File times are coarse (one clock tick), so events of one tick are ordered by their writer's
 * pid, which grows until it wraps around pid_max: a difference of more than half the range means
 * the smaller pid came after the wrap.
 */
export function comparePids(a: number, b: number, max = maxPid()): number {
  const d = a - b;
  if (d > max / 2) return -1;
  if (d < -max / 2) return 1;
  return d;
}

/** A spool file: `id` is its writer's pid with the suffix that kept its name unique (see NAME). */
interface Entry { name: string; pane: string; id: string; pid: number; event: string; kind: "evt" | "sh" | "tmp"; order: bigint; mtimeMs: number; ino: bigint }

/**
 * A listing of more names than this may take several reads of the directory (getdents fills a
 * 32 KiB buffer, about 500 of these names), and only one read is atomic against the renames and
 * creations of the writers: one that spans reads can miss a file renamed into place while it ran.
 */
const ONE_READ_NAMES = 200;
/**
 * How much later than the real time a file's creation time may be stamped before: the kernel
 * stamps files with a clock that moves in ticks (1 to 10 ms).
 */
const STAMP_SLACK_NS = 20_000_000n;

const byOrder = (a: Entry, b: Entry) => (a.order < b.order ? -1 : a.order > b.order ? 1 : comparePids(a.pid, b.pid));

/**
 * The spool's files of events, in order, and the base names of its reader files (spool-writer.ts).
 * `young`: the files made too late for the listing to be sure it saw every file of its pane made
 * before them, when the listing took more than one read (they wait for the next look).
 */
function list(dir: string, ignored: ReadonlySet<string>, now: number): { entries: Entry[]; readers: string[]; young: boolean } | null {
  // Every file made before `now` (taken before the first listing) is in one of the two listings below.
  const started = BigInt(Math.floor(now)) * 1_000_000n;
  let names: string[];
  try { names = readdirSync(dir); } catch { return null; }
  const entries: Entry[] = [];
  const readers: string[] = [];
  // A listing that takes more than one read of the directory can miss a file renamed into place
  // meanwhile (once, as it is renamed only once): a second listing finds it before any event
  // of its pane after it is taken.
  let again: string[] = [];
  try { again = readdirSync(dir); } catch { /* gone */ }
  const listed = new Set(names);
  for (const name of again) listed.add(name);
  for (const name of listed) {
    if (ignored.has(name)) continue;
    const reader = READER.exec(name);
    if (reader) { readers.push(reader[1] ?? ""); continue; }
    const m = NAME.exec(name) ?? TEMP.exec(name);
    if (!m) continue;
    const pane = m[1] ?? "", id = m[2] ?? "", pid = Number(m[3]), event = m[4] ?? "";
    const entry = (file: string, kind: Entry["kind"]): Entry | null => {
      try {
        const st = lstatSync(join(dir, file), { bigint: true });
        // Creation time orders a pane's events: the forwarder creates its file before it returns,
        // and may still be writing the payload when the next event's file is created.
        const order = st.birthtimeNs > 0n ? st.birthtimeNs : st.mtimeNs;
        return { name: file, pane, id, pid, event, kind, order, mtimeMs: Number(st.mtimeNs / 1000n) / 1000, ino: st.ino };
      } catch {
        return null;
      }
    };
    const kind = (m[5] ?? "tmp") as Entry["kind"];
    const found = entry(name, kind);
    if (found) { entries.push(found); continue; }
    if (kind !== "tmp") continue; // taken meanwhile
    // Renamed into place since the listing: it is complete now, under its final name. Failing
    // that, its pane waits for the next look (its place in the order is unknown).
    const final = `${pane}.${id}.${event}.evt`;
    if (listed.has(final)) continue; // the second listing has it
    entries.push(entry(final, "evt") ?? { name, pane, id, pid, event, kind: "tmp", order: -1n, mtimeMs: Date.now(), ino: 0n });
  }
  entries.sort(byOrder);
  if (listed.size <= ONE_READ_NAMES) return { entries, readers, young: false };
  // Several reads: a file made after the first began may have been missed while an earlier one of
  // its pane was seen, or the other way round. Only files surely made before it are taken now.
  const cutoff = started - STAMP_SLACK_NS;
  const old = entries.filter((e) => e.order < cutoff);
  return { entries: old, readers, young: old.length < entries.length };
}

/** How much earlier than its file an event may say it was sent. */
const STATED_MAX_MS = 120_000;

/**
 * When an event was sent: its file's creation time, or earlier where the payload says so
 * (`agentmux_at`, ms: agentmux's plugins for opencode, Kilo and Pi forward their events one after
 * another, and on a loaded machine one reaches the spool seconds after its CLI said it). A stated
 * time after the file's, or long before it, is not believed.
 */
export function sentAt(payload: Record<string, unknown>, fileAt: number): number {
  const stated = payload["agentmux_at"];
  return typeof stated === "number" && Number.isFinite(stated) && stated <= fileAt && fileAt - stated <= STATED_MAX_MS ? stated : fileAt;
}

/** A file taken from a writer that did not rename it, and why. */
export interface TakenOver { name: string; reason: string }

export interface SpoolRead { events: SpooledEvent[]; pending: boolean; dropped: DroppedFile[]; tookOver: TakenOver[]; unmovable: string[] }

/**
 * Read the spool in order: files sorted by (creation time, pid); per pane, events wait behind one
 * of the pane's files still being written, so a pane's events are never taken out of order. A file
 * is taken only once complete (renamed into place), however long its writer takes, while the writer
 * lives (spool-writer.ts). A file whose writer is gone is taken over as it is (renamed into place,
 * its payload as far as it got), or rejected without a header; so is one whose writer stayed silent
 * for WRITER_SILENT_MS. A file that cannot be read or parsed is moved aside and reported, never retried.
 */
export function readSpool(dir: string, now = Date.now(), ignored: ReadonlySet<string> = new Set()): SpoolRead {
  const out: SpoolRead = { events: [], pending: false, dropped: [], tookOver: [], unmovable: [] };
  const listing = list(dir, ignored, now);
  if (!listing) return out;
  const { entries } = listing;
  if (listing.young) out.pending = true;
  const base = (e: Entry) => `${e.pane}.${e.id}.${e.event}`;
  sweepReaders(dir, listing.readers, new Set(entries.filter((e) => e.kind === "tmp").map(base)));
  const drop = (e: Entry, reason: string) => {
    const file = join(dir, e.name);
    const kept = rejectSpooled(dir, file);
    if (!kept) out.unmovable.push(e.name);
    out.dropped.push({ file, pane: e.pane, event: e.event, reason, kept });
  };
  // Where each pane's events stop: at its earliest file still being written.
  const barrier = new Map<string, Entry>();
  const hold = (e: Entry) => { if (!barrier.has(e.pane)) barrier.set(e.pane, e); };
  // Renamed into place meanwhile: complete, and taken at the next look, before its pane's later events.
  const renamed = (e: Entry) => { hold(e); out.pending = true; };
  const ready: Entry[] = [];
  for (const e of entries) {
    const silent = now - e.mtimeMs;
    if (e.kind === "evt") { ready.push(e); continue; }
    if (e.kind === "sh") {
      if (alive(e.pid) && silent < WRITER_SILENT_MS) hold(e); else ready.push(e);
      continue;
    }
    const verdict = judgeWriter(writerOf(dir, base(e), e.pid), silent);
    if (verdict.kind === "wait") { hold(e); continue; }
    // Read only now: a writer found gone adds nothing more, so this is all the file will hold.
    const read = readBounded(join(dir, e.name), 4096);
    if (!read.ok && read.gone) { renamed(e); continue; }
    const headed = read.ok && read.content.includes("\n") && parseSpoolContent(read.content.slice(0, read.content.indexOf("\n"))) !== null;
    if (!headed) {
      drop(e, read.ok ? `${verdict.reason}, and it has no agentmux1 header` : `it ${read.reason}`);
      continue;
    }
    const name = `${base(e)}.evt`;
    try {
      renameSync(join(dir, e.name), join(dir, name));
      out.tookOver.push({ name, reason: verdict.reason });
      ready.push({ ...e, name, kind: "evt" });
    } catch {
      renamed(e);
    }
  }
  for (const e of ready) {
    const stop = barrier.get(e.pane);
    if (stop && byOrder(e, stop) > 0) { out.pending = true; continue; }
    const file = join(dir, e.name);
    const read = readBounded(file);
    if (!read.ok) {
      if (!read.gone) drop(e, `it ${read.reason}`);
      continue;
    }
    const parsed = parseSpoolContent(read.content, read.truncated);
    if (!parsed) { drop(e, "it has no agentmux1 header"); continue; }
    out.events.push({ file, ...parsed, pane: parsed.pane || e.pane, at: sentAt(parsed.payload, Number(e.order / 1000n) / 1000), pid: e.pid, key: `${e.name} ${e.ino}` });
  }
  return out;
}

export function removeSpooled(file: string): void {
  try { unlinkSync(file); } catch { /* already gone */ }
}
