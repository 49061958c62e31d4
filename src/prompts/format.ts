/**
 * The capture file's Markdown: a heading, a comment naming the session it belongs to, then one
 * `## ` entry per captured prompt (a title line: the time it was captured and its first line; the
 * body below). Pure: parse and format round-trip every body.
 *
 * A body line that would read as a title (`## ` at the start, outside a code fence) is written
 * with a backslash in front, as Markdown escapes it; a fence opened and never closed in a body is
 * escaped the same way, so it cannot swallow the entries after it. Lines already starting with
 * backslashes before `## ` or a fence get one more, so reading takes exactly one off.
 */

/** Whose prompts a file holds: the session's identity without its pane (so restarts keep it). */
export interface CaptureKey { backend: string; account: string; dir: string; instance: string }

export interface CapturedEntry {
  /** When it was captured, as written in its title ("YYYY-MM-DD HH:MM"). */
  time: string;
  /** The title line after the time (the body's first line, shortened). */
  title: string;
  /** The prompt, without leading and trailing blank lines ("" for an entry left empty). */
  body: string;
}

export interface CaptureFile { key: CaptureKey; entries: CapturedEntry[] }

export const HEADING = "# agentmux captured prompts";
const META = /^<!-- agentmux-capture (.*) -->$/;
const TITLE = /^## (.*)$/;
const ESCAPED = /^\\+(## |```|~~~)/;
const OPENER = /^(`{3,}|~{3,})/;

/** Why a file's text is not one agentmux wrote: it is kept aside, never read as empty. */
export class CaptureFormatError extends Error {}

interface Fence { char: string; length: number }

function opener(line: string): Fence | null {
  const m = OPENER.exec(line);
  return m?.[1] ? { char: m[1][0] as string, length: m[1].length } : null;
}

function closes(line: string, fence: Fence): boolean {
  const m = /^(`{3,}|~{3,})\s*$/.exec(line);
  return m?.[1] !== undefined && m[1][0] === fence.char && m[1].length >= fence.length;
}

/** The body's lines as written in the file. */
function escapeBody(body: string): string[] {
  const lines = body.split("\n");
  const out: string[] = [];
  let fence: Fence | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fence) {
      out.push(line);
      if (closes(line, fence)) fence = null;
      continue;
    }
    if (ESCAPED.test(line) || line.startsWith("## ")) { out.push(`\\${line}`); continue; }
    const open = opener(line);
    if (open) {
      const closed = lines.slice(i + 1).some((l) => closes(l, open));
      if (closed) fence = open;
      out.push(closed ? line : `\\${line}`);
      continue;
    }
    out.push(line);
  }
  return out;
}

function trimBlank(lines: string[]): string {
  let start = 0;
  let end = lines.length;
  while (start < end && (lines[start] as string).trim() === "") start++;
  while (end > start && (lines[end - 1] as string).trim() === "") end--;
  return lines.slice(start, end).join("\n");
}

/** A body as it is stored: no carriage returns, no leading or trailing blank lines. */
export function normalBody(text: string): string {
  return trimBlank(text.replace(/\r\n?/g, "\n").split("\n"));
}

/** The title line's text after the time: the body's first non-blank line, at most 60 characters. */
export function titleOf(body: string): string {
  const first = (body.split("\n").find((l) => l.trim() !== "") ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim().replace(/\s+/g, " ");
  const chars = [...first];
  return chars.length > 60 ? `${chars.slice(0, 59).join("")}…` : first;
}

/** Local time as "YYYY-MM-DD HH:MM". */
export function entryTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formatCaptureFile(file: CaptureFile): string {
  const { backend, account, dir, instance } = file.key;
  const parts = [`${HEADING}\n<!-- agentmux-capture ${JSON.stringify({ backend, account, dir, instance })} -->\n`];
  for (const entry of file.entries) {
    const title = `## ${entry.time}${entry.title ? ` · ${entry.title}` : ""}`;
    const body = normalBody(entry.body);
    parts.push(body === "" ? `${title}\n` : `${title}\n\n${escapeBody(body).join("\n")}\n`);
  }
  return parts.join("\n");
}

function parseKey(line: string | undefined): CaptureKey {
  const m = META.exec(line ?? "");
  if (!m) throw new CaptureFormatError("its second line is not the agentmux-capture comment naming the session");
  let value: unknown;
  try { value = JSON.parse(m[1] as string); } catch { throw new CaptureFormatError("the agentmux-capture comment is not valid JSON"); }
  const v = value as Record<string, unknown>;
  const fields = ["backend", "account", "dir", "instance"] as const;
  if (typeof value !== "object" || value === null || fields.some((f) => typeof v[f] !== "string")) {
    throw new CaptureFormatError("the agentmux-capture comment lacks backend, account, dir or instance");
  }
  return { backend: v["backend"] as string, account: v["account"] as string, dir: v["dir"] as string, instance: v["instance"] as string };
}

function parseTitle(text: string): { time: string; title: string } {
  const at = text.indexOf(" · ");
  return at < 0 ? { time: text.trim(), title: "" } : { time: text.slice(0, at).trim(), title: text.slice(at + 3).trim() };
}

/** Read a capture file's text; text agentmux did not write throws CaptureFormatError. */
export function parseCaptureFile(text: string): CaptureFile {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines[0] !== HEADING) throw new CaptureFormatError(`its first line is not "${HEADING}"`);
  const key = parseKey(lines[1]);
  const entries: CapturedEntry[] = [];
  let current: { time: string; title: string; lines: string[] } | null = null;
  let fence: Fence | null = null;
  const finish = () => { if (current) entries.push({ time: current.time, title: current.title, body: trimBlank(current.lines) }); };
  for (const line of lines.slice(2)) {
    if (fence) {
      current?.lines.push(line);
      if (closes(line, fence)) fence = null;
      continue;
    }
    const title = TITLE.exec(line);
    if (title) {
      finish();
      current = { ...parseTitle(title[1] as string), lines: [] };
      continue;
    }
    if (!current) {
      if (line.trim() !== "") throw new CaptureFormatError(`text before its first entry: "${line.slice(0, 40)}"`);
      continue;
    }
    if (ESCAPED.test(line)) { current.lines.push(line.slice(1)); continue; }
    fence = opener(line);
    current.lines.push(line);
  }
  finish();
  return { key, entries };
}
