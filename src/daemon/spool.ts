import { readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";

/** One event handed over by shell/agentmux-hook (or `agentmux hook`). */
export interface SpooledEvent {
  file: string;
  event: string;
  pane: string;
  token: string;
  global: boolean;
  /** For global hooks: the agent whose hook it is (claude unless the hook said). */
  agent: string;
  /** Send time: the file's modification time, in ms (sub-ms digits kept). */
  at: number;
  pid: number;
  payload: Record<string, unknown>;
}

// <pane>.<pid>.<EVENT>.sh (written by sh, complete once the pid has exited) or .evt (renamed into place).
const NAME = /^(%\d+)\.(\d+)\.([A-Za-z0-9_-]+)\.(sh|evt)$/;

export function parseSpoolName(name: string): { pane: string; pid: number; event: string; complete: boolean } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  return { pane: m[1] ?? "", pid: Number(m[2]), event: m[3] ?? "", complete: m[4] === "evt" };
}

/** Parse a spool file's content: a header line, then the payload (garbage or nothing gives {}). */
export function parseSpoolContent(content: string): { event: string; pane: string; token: string; global: boolean; agent: string; payload: Record<string, unknown> } | null {
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
      // garbage payload: the event still counts, with nothing in it
    }
  }
  const token = header[3] ?? "-";
  const global = header[4] ?? "0";
  return { event: header[1] ?? "unknown", pane: header[2] ?? "", token: token === "-" ? "" : token, global: global !== "0", agent: global === "1" || global === "0" ? "claude" : global, payload };
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A writer that lives longer than this is taken as stuck, and its file read as it is. */
const STUCK_MS = 1000;

/**
 * Read the spool in order: files sorted by (mtime, pid); per pane, stop at the first file whose
 * writer is still writing, so a pane's events are never taken out of order. Answers the events
 * ready now and whether some are still pending.
 */
export function readSpool(dir: string, now = Date.now()): { events: SpooledEvent[]; pending: boolean } {
  let names: string[];
  try { names = readdirSync(dir); } catch { return { events: [], pending: false }; }
  const entries: Array<{ name: string; pane: string; pid: number; complete: boolean; mtimeNs: bigint }> = [];
  for (const name of names) {
    const parsed = parseSpoolName(name);
    if (!parsed) continue;
    try {
      const st = statSync(join(dir, name), { bigint: true });
      entries.push({ name, pane: parsed.pane, pid: parsed.pid, complete: parsed.complete, mtimeNs: st.mtimeNs });
    } catch { /* taken meanwhile */ }
  }
  entries.sort((a, b) => (a.mtimeNs < b.mtimeNs ? -1 : a.mtimeNs > b.mtimeNs ? 1 : comparePids(a.pid, b.pid)));
  const blocked = new Set<string>();
  const events: SpooledEvent[] = [];
  let pending = false;
  for (const e of entries) {
    if (blocked.has(e.pane)) continue;
    const at = Number(e.mtimeNs / 1000n) / 1000;
    if (!e.complete && alive(e.pid) && now - at < STUCK_MS) {
      blocked.add(e.pane);
      pending = true;
      continue;
    }
    let content: string;
    try { content = readFileSync(join(dir, e.name), "utf8"); } catch { continue; }
    const parsed = parseSpoolContent(content);
    const file = join(dir, e.name);
    if (!parsed) { removeSpooled(file); continue; }
    events.push({ file, ...parsed, pane: parsed.pane || e.pane, at, pid: e.pid });
  }
  return { events, pending };
}

export function removeSpooled(file: string): void {
  try { unlinkSync(file); } catch { /* already gone */ }
}
