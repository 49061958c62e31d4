import { sgr } from "../util/color.ts";
import { truncate } from "../util/width.ts";
import { layoutRows, type LaidRow } from "./layout.ts";
import type { Tone } from "./rows.ts";
import { visibleRows, type PickerState } from "./state.ts";

/** SGR parameters per tone: blocked red, waiting yellow, waiting with background work cyan, unknown grey, snoozed dim italic. */
export const TONE_SGR: Record<Tone, string> = {
  blocked: "1;31",
  waiting: "33",
  background: "36",
  unknown: "90",
  exited: "2",
  snoozed: "2;3",
  plain: "",
};


export const FOOTER_KEYS = "jump · / filter · ↑↓ ⏎ · esc quit";
export const EMPTY_TEXT = ["No agent sessions on this tmux server.", "Start one with: agentmux new", "", "(press any key)"];

export interface FrameOptions {
  width: number;
  height: number;
  annotationMaxWidth?: number | null | undefined;
  /** Shown instead of the key help (a config problem, say). */
  notice?: string | undefined;
  /** stats.command's line for the highlighted session, shown above the key help. */
  stats?: string | undefined;
}

/** One row with its colours: the tone on key, icon and name; account and annotation dim; stale status italic. */
export function styleRow(r: LaidRow, selected: boolean): string {
  const tone = TONE_SGR[r.row.tone];
  const whole = r.row.tone === "snoozed";
  const color = (codes: string, text: string) => sgr(whole ? tone : codes, text);
  let line = `${selected ? sgr("1", "›") : " "}${color(tone ? `1;${tone}` : "1", r.key)} ${color(tone, r.icon)} ${color(tone, r.name)}`;
  const rest: Array<[string, string]> = [[r.account, "2"], [r.annotation, "2"], [r.age, ""], [r.status, r.row.stale ? "3" : ""]];
  for (const [cell, codes] of rest) if (cell !== "") line += `  ${color(codes, cell)}`;
  return line;
}

function footer(state: PickerState, keys: string, width: number): string {
  if (state.filtering) return sgr("1", truncate(`/${state.query}▏`, width - 22)) + sgr("2", "  ⏎ jump · esc back");
  return sgr("2", truncate(`${keys} ${FOOTER_KEYS}`, width));
}

/** The keys named in the footer: the first few, in list order. */
function keyList(state: PickerState): string {
  const keys = state.rows.map((r) => r.key).filter((k) => k !== "");
  return keys.length > 5 ? `${keys.slice(0, 4).join(" ")} …` : keys.join(" ");
}

/** The lines of one frame (no cursor movement): the rows that fit around the highlight, a blank line, the footer. */
export function frameLines(state: PickerState, options: FrameOptions): string[] {
  const width = Math.max(20, options.width - 1);
  if (state.rows.length === 0) return EMPTY_TEXT.map((line) => ` ${line}`);
  const rows = visibleRows(state);
  const room = Math.max(1, options.height - 2);
  const top = Math.max(0, Math.min(state.cursor - room + 1, rows.length - room));
  const laid = layoutRows(rows, { width, annotationMaxWidth: options.annotationMaxWidth });
  const lines = laid.slice(top, top + room).map((r, i) => styleRow(r, top + i === state.cursor));
  if (rows.length === 0) lines.push(sgr("2", " no session matches"));
  while (lines.length < room) lines.push("");
  const last = options.notice ? sgr("33", truncate(options.notice, width)) : footer(state, keyList(state), width);
  return [...lines, options.stats ? ` ${sgr("2", truncate(options.stats, width))}` : "", ` ${last}`];
}

/** A whole frame as one write: home, each line cleared to its end, the rest of the screen cleared. */
export function frame(state: PickerState, options: FrameOptions): string {
  return `\x1b[H${frameLines(state, options).map((l) => `${l}\x1b[K`).join("\r\n")}\x1b[J`;
}
