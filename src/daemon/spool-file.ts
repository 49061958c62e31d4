import { closeSync, mkdirSync, readdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import { basename, join } from "node:path";
import { isFileRefused, openRegular, readAtMost } from "../util/regular-file.ts";

/**
 * The most of a payload an event keeps: shell/agentmux-hook reads no more of its stdin, and the
 * daemon reads no more of a file (documented in README "Files"). Beyond it the payload is cut,
 * and the event still counts with what could be salvaged of it. (A CLI that drops what it has not
 * written yet when its hook exits gives less: the hook returns before reading, and only what the
 * pipe held, 64 KiB on Linux, is read.)
 */
export const PAYLOAD_MAX = 1024 * 1024;
/** Room for the header line before the payload. */
const HEADER_MAX = 4096;
/** Files of rejected/ kept for a look (older ones are deleted). */
const REJECTED_KEPT = 50;

export type ReadOutcome =
  | { ok: true; content: string; truncated: boolean }
  | { ok: false; gone: boolean; reason: string };

const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/**
 * Read a spool file, at most PAYLOAD_MAX plus a header's worth: only a regular file, never through
 * a symlink, never blocking (a fifo named like an event is refused, not waited on).
 */
export function readBounded(file: string, max = PAYLOAD_MAX + HEADER_MAX): ReadOutcome {
  let opened: { fd: number; size: number };
  try {
    opened = openRegular(file, { follow: false });
  } catch (error) {
    if (isFileRefused(error)) return { ok: false, gone: false, reason: "is not a regular file" };
    return { ok: false, gone: code(error) === "ENOENT", reason: `cannot be opened (${code(error)})` };
  }
  try {
    const content = readAtMost(opened.fd, max).toString("utf8");
    // At the cap, the payload was cut: here, or by the forwarder (which keeps PAYLOAD_MAX of it).
    return { ok: true, content, truncated: opened.size >= PAYLOAD_MAX };
  } catch (error) {
    return { ok: false, gone: false, reason: `cannot be read (${code(error)})` };
  } finally {
    closeSync(opened.fd);
  }
}

// Top-level fields of the CLIs' payloads worth keeping from a cut one (they come first in it).
const SALVAGED = /"(session_id|hook_event_name|cwd|transcript_path|prompt_id|agent_id|model|permission_mode|notification_type)"\s*:\s*("(?:[^"\\]|\\.)*")/g;

/** What a payload cut at the cap still says: the leading string fields, and that it was cut. */
export function salvagePayload(body: string): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const m of body.slice(0, 65536).matchAll(SALVAGED)) {
    const key = m[1] ?? "";
    if (key in payload) continue;
    try { payload[key] = JSON.parse(m[2] ?? '""'); } catch { /* a cut escape */ }
  }
  payload["agentmux_truncated"] = true;
  return payload;
}

/**
 * Move a file the daemon cannot take aside, into <spool>/rejected/ (kept for a look, the last
 * REJECTED_KEPT), or delete it when it cannot be moved. Answers false when neither worked.
 */
export function rejectSpooled(spool: string, file: string): boolean {
  const dir = join(spool, "rejected");
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    renameSync(file, join(dir, `${Date.now()}.${basename(file).replace(/^\.+/, "")}`));
    pruneRejected(dir);
    return true;
  } catch {
    try { unlinkSync(file); return true; } catch (error) { return code(error) === "ENOENT"; }
  }
}

function pruneRejected(dir: string): void {
  const names = readdirSync(dir);
  if (names.length <= REJECTED_KEPT) return;
  const byAge = names.map((name) => { try { return { name, at: statSync(join(dir, name)).mtimeMs }; } catch { return { name, at: 0 }; } }).sort((a, b) => a.at - b.at);
  for (const { name } of byAge.slice(0, names.length - REJECTED_KEPT)) {
    try { unlinkSync(join(dir, name)); } catch { /* gone */ }
  }
}
