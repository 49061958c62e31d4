import type { Key } from "../switcher/input.ts";
import type { DiffLine, FileDiff } from "./hunks.ts";
import { anchorOf, type ReviewComment } from "./review-comments.ts";

/** A row of the review: a file's heading, a hunk's, or a line one may comment on. */
export type ReviewRow =
  | { kind: "file"; file: number; path: string }
  | { kind: "hunk"; file: number; header: string }
  | { kind: "line"; file: number; path: string; line: DiffLine; index: number };

export interface ReviewState {
  rows: ReviewRow[];
  files: number;
  /** The row the cursor is on (a line row when there is one). */
  cursor: number;
  /** The first row drawn. */
  top: number;
  comments: ReviewComment[];
  /** A comment being typed for the cursor's line. */
  typing: string | null;
  notice: string;
}

export type ReviewAction = { kind: "send" } | { kind: "quit" } | { kind: "saved" };

/** Pure: the rows of a parsed diff; each diff line keeps its index (the colouring's line). */
export function reviewRows(files: readonly FileDiff[]): ReviewRow[] {
  const rows: ReviewRow[] = [];
  let index = 0;
  files.forEach((f, file) => {
    rows.push({ kind: "file", file, path: f.path });
    for (const h of f.hunks) {
      rows.push({ kind: "hunk", file, header: h.header });
      for (const line of h.lines) rows.push({ kind: "line", file, path: f.path, line, index: index++ });
    }
  });
  return rows;
}

export function initialReview(files: readonly FileDiff[], comments: ReviewComment[]): ReviewState {
  const rows = reviewRows(files);
  const first = rows.findIndex((r) => r.kind === "line");
  return { rows, files: files.length, cursor: Math.max(0, first), top: 0, comments, typing: null, notice: "" };
}

const isLine = (r: ReviewRow | undefined): r is Extract<ReviewRow, { kind: "line" }> => r?.kind === "line";

/** The comment on a row's line, if any. */
export function commentAt(state: ReviewState, row: ReviewRow | undefined): ReviewComment | undefined {
  if (!isLine(row)) return undefined;
  const anchor = anchorOf(row.path, row.line);
  return anchor ? state.comments.find((c) => c.path === anchor.path && c.line === anchor.line && c.side === anchor.side) : undefined;
}

/** The next line row from `from` in direction `step` that `accept` takes; the cursor stays when none. */
function seek(state: ReviewState, step: 1 | -1, accept: (row: ReviewRow, i: number) => boolean): number {
  for (let i = state.cursor + step; i >= 0 && i < state.rows.length; i += step) {
    const row = state.rows[i];
    if (row && isLine(row) && accept(row, i)) return i;
  }
  return state.cursor;
}

/** The first line row after the heading found by walking from the cursor to the next (or previous) heading of that kind. */
function jump(state: ReviewState, step: 1 | -1, kind: "hunk" | "file"): number {
  const heading = (i: number) => state.rows[i]?.kind === kind || (kind === "hunk" && state.rows[i]?.kind === "file");
  // The heading the cursor is under (walking back), then the one before or after it.
  let at = state.cursor;
  while (at > 0 && !(state.rows[at]?.kind === kind)) at--;
  for (let i = at + step; i >= 0 && i < state.rows.length; i += step) {
    if (state.rows[i]?.kind === kind && heading(i)) {
      const line = state.rows.findIndex((r, j) => j > i && r.kind === "line");
      if (line >= 0) return line;
    }
  }
  return state.cursor;
}

function setComment(state: ReviewState, text: string): ReviewState {
  const row = state.rows[state.cursor];
  if (!isLine(row)) return state;
  const anchor = anchorOf(row.path, row.line);
  if (!anchor) return { ...state, notice: "a comment goes on a line of the diff" };
  const others = state.comments.filter((c) => !(c.path === anchor.path && c.line === anchor.line && c.side === anchor.side));
  const comments = text.trim() === "" ? others : [...others, { ...anchor, text: text.trim() }];
  return { ...state, comments, typing: null, notice: text.trim() === "" ? "comment removed" : `comment on ${anchor.path}:${anchor.line} kept` };
}

/** Pure: a key pressed. The action: send the comments, quit, or the comments changed (to be kept). */
export function pressReview(state: ReviewState, key: Key): { state: ReviewState; action?: ReviewAction } {
  if (state.typing !== null) {
    switch (key.kind) {
      case "char": return { state: { ...state, typing: state.typing + key.ch } };
      case "tab": return { state: { ...state, typing: `${state.typing}  ` } };
      case "backspace": return { state: { ...state, typing: [...state.typing].slice(0, -1).join("") } };
      case "clear": return { state: { ...state, typing: "" } };
      case "escape": case "interrupt": return { state: { ...state, typing: null, notice: "not changed" } };
      case "enter": return { state: setComment(state, state.typing), action: { kind: "saved" } };
      default: return { state };
    }
  }
  const move = (cursor: number) => ({ state: { ...state, cursor, notice: "" } });
  switch (key.kind) {
    case "down": return move(seek(state, 1, () => true));
    case "up": return move(seek(state, -1, () => true));
    case "home": return move(Math.max(0, state.rows.findIndex(isLine)));
    case "end": return move(seek({ ...state, cursor: state.rows.length }, -1, () => true));
    case "tab": return move(jump(state, 1, "file"));
    case "enter": return { state: { ...state, typing: commentAt(state, state.rows[state.cursor])?.text ?? "", notice: "" } };
    case "escape": case "interrupt": return { state, action: { kind: "quit" } };
    case "char":
      switch (key.ch) {
        case "j": return move(seek(state, 1, () => true));
        case "k": return move(seek(state, -1, () => true));
        case "n": return move(jump(state, 1, "hunk"));
        case "p": return move(jump(state, -1, "hunk"));
        case "f": return move(jump(state, 1, "file"));
        case "F": return move(jump(state, -1, "file"));
        case "c": return { state: { ...state, typing: commentAt(state, state.rows[state.cursor])?.text ?? "", notice: "" } };
        case "d": return commentAt(state, state.rows[state.cursor]) ? { state: setComment(state, ""), action: { kind: "saved" } } : { state: { ...state, notice: "no comment on this line" } };
        case "s": return state.comments.length === 0 ? { state: { ...state, notice: "no comments to send: c comments on the line under the cursor" } } : { state, action: { kind: "send" } };
        case "q": return { state, action: { kind: "quit" } };
        default: return { state };
      }
    default: return { state };
  }
}

/** Pure: the first row drawn so the cursor shows in `height` rows, a few rows of context kept. */
export function scrolled(state: ReviewState, height: number): number {
  const margin = Math.min(3, Math.floor(height / 4));
  if (state.cursor < state.top + margin) return Math.max(0, state.cursor - margin);
  if (state.cursor >= state.top + height - margin) return Math.min(Math.max(0, state.rows.length - height), state.cursor - height + margin + 1);
  return state.top;
}
