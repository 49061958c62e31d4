import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import { readStateFile } from "../util/state-file.ts";
import type { DiffLine } from "./hunks.ts";
import { reviewsDir } from "./review-queued.ts";

/** A review comment on one line of a session's diff. */
export interface ReviewComment {
  path: string;
  /** The line's number: in the new file, or the old one for a removed line. */
  line: number;
  side: "new" | "old";
  /** The line as the diff shows it ("+text", "-text", " text"). */
  quoted: string;
  text: string;
}

/** Where a session's unsent comments are kept (by its conversation id, else its pane), and the queue a busy session's go to. */
export function reviewFile(stateDir: string, key: string): string {
  return join(reviewsDir(stateDir), `${key.replace(/[^\w.-]/g, "_")}.json`);
}

function parse(value: unknown): ReviewComment | null {
  if (!isJsonObject(value)) return null;
  const { path, line, side, quoted, text } = value;
  if (typeof path !== "string" || typeof line !== "number" || (side !== "new" && side !== "old") || typeof quoted !== "string" || typeof text !== "string") return null;
  return { path, line, side, quoted, text };
}

/** I/O: the comments kept for a session (none when there is no file; a corrupt one is kept aside and reported). */
export function readComments(file: string): ReviewComment[] {
  const read = readStateFile(file, { valid: (v) => isJsonObject(v) && Array.isArray(v["comments"]) });
  if (read.kind !== "ok" || !isJsonObject(read.value)) return [];
  const list = read.value["comments"];
  return Array.isArray(list) ? list.flatMap((c) => parse(c) ?? []) : [];
}

/** I/O: keep the comments (written whole: temp file, fsync, rename); an empty list is written too. */
export function writeComments(file: string, comments: readonly ReviewComment[]): void {
  writeFileAtomic(file, `${JSON.stringify({ comments }, null, 1)}\n`, 0o600);
}

/** Pure: where a line of the diff is, for a comment on it; null for a line one cannot comment on. */
export function anchorOf(path: string, line: DiffLine): Pick<ReviewComment, "path" | "line" | "side" | "quoted"> | null {
  const sign = line.kind === "add" ? "+" : line.kind === "del" ? "-" : line.kind === "context" ? " " : null;
  if (sign === null) return null;
  const side = line.kind === "del" ? "old" : "new";
  const number = side === "old" ? line.old : line.new;
  return number === null ? null : { path, line: number, side, quoted: `${sign}${line.text}` };
}

/** Pure: the message the agent gets: each comment as file:line, the quoted line, the comment. */
export function reviewMessage(comments: readonly ReviewComment[]): string {
  const sorted = [...comments].sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
  const parts = sorted.map((c) => `${c.path}:${c.line}${c.side === "old" ? " (a removed line)" : ""}\n> ${c.quoted}\n${c.text.trim()}`);
  return `Review comments on your changes (${comments.length}; agentmux review). Please address each:\n\n${parts.join("\n\n")}`;
}
