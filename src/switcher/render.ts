import { sgr } from "../util/color.ts";
import { displayWidth, truncate } from "../util/width.ts";
import { layoutRows, TAIL, type LaidRow } from "./layout.ts";
import { screenLine } from "./preview.ts";
import { SECTIONS, sectionOf, type LocalSection, type Row, type Section, type Tone } from "./rows.ts";
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


export const FOOTER_KEYS = "jump · / filter · tab preview · ↑↓ ⏎ · esc quit";
export const EMPTY_TEXT = ["No agent sessions on this tmux server.", "Start one with: agentmux new", "", "(press any key)"];

/** The headings of the sections (shown when more than one section has sessions and no filter is typed). */
export const SECTION_TITLES: Record<LocalSection, string> = { inbox: "needs you", rest: "others", snoozed: "snoozed" };

/** A section's heading: its title, or for another machine's, "on HOST". */
export function sectionTitle(section: Section): string {
  return section.startsWith("host:") ? `on ${section.slice(5)}` : SECTION_TITLES[section as LocalSection];
}

/** The highlighted session's screen: its last lines, null while they load (or when the pane is gone). */
export interface PreviewFrame { title: string; lines: string[] | null }

export interface FrameOptions {
  width: number;
  height: number;
  annotationMaxWidth?: number | null | undefined;
  /** Shown instead of the key help (a config problem, say). */
  notice?: string | undefined;
  /** stats.command's line for the highlighted session, shown above the key help. */
  stats?: string | undefined;
  /** The preview below the list (state.preview on); absent: none drawn. */
  preview?: PreviewFrame | undefined;
}

/** One row with its colours: the tone on key, state glyph, icon and name; account and annotation dim; stale status italic. */
export function styleRow(r: LaidRow, selected: boolean): string {
  const tone = TONE_SGR[r.row.tone];
  const whole = r.row.tone === "snoozed";
  const color = (codes: string, text: string) => sgr(whole ? tone : codes, text);
  let line = `${selected ? sgr("1", "›") : " "}${color(tone ? `1;${tone}` : "1", r.key)} ${color(tone, r.state)} ${color(tone, r.icon)} ${color(tone, r.name)}`;
  const codes: Record<(typeof TAIL)[number], string> = { account: "2", annotation: "2", age: "", wants: "", status: r.row.stale ? "3" : "" };
  for (const col of TAIL) if (r[col] !== "") line += `  ${color(codes[col], r[col])}`;
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

/** What the list shows, line by line: a heading, or the visible row at `index`. */
export type ListLine = { kind: "heading"; section: Section; count: number } | { kind: "row"; index: number };

/**
 * The list's lines: the rows under their sections' headings, or the bare rows when a filter is
 * typed (best match first) or every row is in one section.
 */
export function listLines(rows: readonly Row[], filtering: boolean): ListLine[] {
  const bare = rows.map((_, index): ListLine => ({ kind: "row", index }));
  if (filtering) return bare;
  const hosts = [...new Set(rows.flatMap((r) => (r.host ? [sectionOf(r)] : [])))];
  const used = [...SECTIONS.filter((s) => rows.some((r) => sectionOf(r) === s)), ...hosts];
  // Another machine's sessions always under their host's heading: which machine a row is on is never left to guess.
  if (used.length < 2 && hosts.length === 0) return bare;
  return used.flatMap((section) => [
    { kind: "heading" as const, section, count: rows.filter((r) => sectionOf(r) === section).length },
    ...rows.flatMap((r, index): ListLine[] => (sectionOf(r) === section ? [{ kind: "row", index }] : [])),
  ]);
}

/** From this width on the preview is drawn beside the list (the list takes 55%), not below it. */
export const BESIDE_WIDTH = 150;
const SGR = /\x1b\[[0-9;]*m/g;

/** The smallest list area that leaves room for a preview; below it the preview is not drawn. */
const PREVIEW_MIN_ROOM = 8;

/** How the room is split: the list's lines, and the preview's (its title included; 0 when none fits). */
export function splitRoom(room: number, listCount: number, preview: boolean): { list: number; preview: number } {
  if (!preview || room < PREVIEW_MIN_ROOM) return { list: room, preview: 0 };
  const list = Math.max(1, Math.min(listCount, Math.max(3, Math.floor(room / 2))));
  return { list, preview: room - list };
}

function previewBlock(preview: PreviewFrame, lines: number, width: number): string[] {
  const title = truncate(`── ${screenLine(preview.title)} `, width - 1);
  const out = [` ${sgr("2", title + "─".repeat(Math.max(0, width - 1 - displayWidth(title))))}`];
  const body = preview.lines === null ? [sgr("2", "…")] : preview.lines.slice(-(lines - 1)).map((l) => truncate(screenLine(l), width - 1));
  out.push(...body.map((l) => ` ${l}`));
  while (out.length < lines) out.push("");
  return out;
}

/** The lines of one frame (no cursor movement): the rows that fit around the highlight, the preview, the stats line, the footer. */
export function frameLines(state: PickerState, options: FrameOptions): string[] {
  const width = Math.max(20, options.width - 1);
  if (state.rows.length === 0) return EMPTY_TEXT.map((line) => ` ${line}`);
  const rows = visibleRows(state);
  const entries = listLines(rows, state.filtering);
  const total = Math.max(1, options.height - 2);
  const preview = rows.length > 0 ? options.preview : undefined;
  const beside = preview !== undefined && width >= BESIDE_WIDTH;
  const split = beside ? { list: total, preview: total } : splitRoom(total, Math.max(1, entries.length), preview !== undefined);
  const listWidth = beside ? Math.floor(width * 0.55) : width;
  const room = split.list;
  const at = Math.max(0, entries.findIndex((e) => e.kind === "row" && e.index === state.cursor));
  const top = Math.max(0, Math.min(at - room + 1, entries.length - room));
  const laid = layoutRows(rows, { width: listWidth, annotationMaxWidth: options.annotationMaxWidth });
  const lines = entries.slice(top, top + room).map((e) =>
    e.kind === "heading" ? ` ${sgr("1", `${sectionTitle(e.section)} (${e.count})`)}` : styleRow(laid[e.index] as LaidRow, e.index === state.cursor));
  if (rows.length === 0) lines.push(sgr("2", " no session matches"));
  while (lines.length < room) lines.push("");
  if (beside && preview) {
    // The list on the left, padded by what shows (its colours are not text), the preview on the right.
    const right = previewBlock(preview, total, width - listWidth - 1);
    lines.forEach((line, i) => { lines[i] = `${line}${" ".repeat(Math.max(0, listWidth - displayWidth(line.replace(SGR, ""))))}${sgr("2", "│")}${right[i] ?? ""}`; });
  } else if (split.preview > 0 && preview) {
    lines.push(...previewBlock(preview, split.preview, width));
  }
  const last = options.notice ? sgr("33", truncate(options.notice, width)) : footer(state, keyList(state), width);
  return [...lines, options.stats ? ` ${sgr("2", truncate(options.stats, width))}` : "", ` ${last}`];
}

/** A whole frame as one write: home, each line cleared to its end, the rest of the screen cleared. */
export function frame(state: PickerState, options: FrameOptions): string {
  return `\x1b[H${frameLines(state, options).map((l) => `${l}\x1b[K`).join("\r\n")}\x1b[J`;
}
