import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { modeOf, writeFileAtomic } from "../util/atomic-write.ts";
import { readRegularText, MiB } from "../util/regular-file.ts";

/** The most of the state file agentmux reads (it is the user's notes: a larger one is refused, with its name). */
export const STATE_FILE_MAX = 4 * MiB;

/** A plan heading: Markdown "## Plan 2026-12-06", or Org "* Plan 2026-12-06" in an .org file the user points at. */
const PLAN_HEADING = /^(?:#{1,6}|\*{1,6})\s+Plan\s+(\d{4}-\d{2}-\d{2})\b.*$/;

/** The state file's text; "" when it does not exist yet. Only a regular file is read (never a FIFO or a device). */
export function readStateText(file: string): string {
  try {
    return readRegularText(file, { maxBytes: STATE_FILE_MAX });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/** YYYY-MM-DD of a time, in local time (the user's day). */
export function dayOf(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** HH:MM of a time, in local time. */
export function clockOf(at: Date): string {
  return `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
}

/**
 * Pure: the state as the model is given it. Only the plan dated today is current; older plans are
 * history, marked so, not obligations; everything else (notes) as written. The newest text is
 * kept when it is longer than maxChars (the head is cut, said so).
 */
export function stateContext(text: string, today: string, maxChars: number): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (const line of lines) {
    const m = PLAN_HEADING.exec(line);
    if (m) out.push(m[1] === today ? `${line}   [today's plan: current]` : `${line}   [an earlier day's plan: history, not an obligation unless today's plan restates it]`);
    else out.push(line);
  }
  const whole = out.join("\n").trim();
  if (whole.length <= maxChars) return whole;
  const cut = whole.slice(whole.length - maxChars);
  const from = cut.indexOf("\n");
  return `[the state file's older part is left out]\n${from === -1 ? cut : cut.slice(from + 1)}`;
}

/** Pure: the text with one entry appended (a blank line before it, one newline at the end). */
export function withEntry(text: string, heading: string, body: string): string {
  const before = text.replace(/\s*$/, "");
  const entry = `${heading}\n\n${body.replace(/\s*$/, "")}\n`;
  return before === "" ? entry : `${before}\n\n${entry}`;
}

/**
 * Append an entry to the state file: written whole to a temporary file, synced and renamed over it
 * (never half-written), its mode kept. An .org file gets Org headings.
 */
export function appendEntry(file: string, kind: "plan" | "note" | "model", body: string, at = new Date()): void {
  const text = readStateText(file);
  const org = file.endsWith(".org");
  const mark = org ? "*" : "##";
  const heading = kind === "plan" ? `${mark} Plan ${dayOf(at)}` : kind === "note" ? `${mark} Note ${dayOf(at)} ${clockOf(at)}` : `${mark} Model update ${dayOf(at)} ${clockOf(at)}`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, withEntry(text, heading, body), modeOf(file, 0o600));
}
