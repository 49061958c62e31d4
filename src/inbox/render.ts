import type { InboxItem } from "../core/ask.ts";
import { stateGlyph } from "../core/ask.ts";
import { sgr } from "../util/color.ts";
import { formatAge } from "../util/text.ts";
import { displayWidth, pad, truncate } from "../util/width.ts";
import { optionLabel, type InboxState } from "./state.ts";

export const INBOX_KEYS = "↑↓ move · 1-9 pick · y/n approve/deny · r reply · ⏎ go · z snooze · esc close";
export const EDITOR_KEYS = "⏎ send · ctrl-j or alt-⏎ new line · esc cancel";
export const EMPTY = "Nothing needs you.";

export interface FrameOptions { width: number; height: number; now: number }

/** Collapse control characters and runs of white space: no text can break a line of the popup. */
const oneLine = (text: string) => text.replace(/[\x00-\x1f\x7f-\x9f]+/g, " ").replace(/\s+/gu, " ").trim();

/** SGR per item: blocked red, waiting yellow, waiting with background work cyan, snoozed dim italic. */
function tone(item: InboxItem): string {
  if (item.snoozed) return "2;3";
  return item.state === "blocked" ? "1;31" : item.background ? "36" : "33";
}

/** The item's full text: the Ask's lines, then its options numbered as the dialog numbers them. */
export function detailLines(item: InboxItem): string[] {
  const ask = item.ask;
  if (!ask) return ["(nothing read from it yet)"];
  const text = ask.text.length > 0 ? ask.text : ask.summary ? [ask.summary] : [];
  return [...text.map(oneLine), ...ask.options.map((o, i) => `${i + 1}. ${oneLine(optionLabel(o))}`)];
}

interface Columns { name: number; backend: number; account: number; age: number }

function columns(items: readonly InboxItem[], width: number, now: number): Columns {
  const widest = (f: (i: InboxItem) => string) => Math.max(0, ...items.map((i) => displayWidth(f(i))));
  return {
    name: Math.min(widest((i) => oneLine(i.name)), Math.max(8, Math.floor(width * 0.3))),
    backend: widest((i) => i.backend),
    account: widest((i) => oneLine(i.account)),
    age: widest((i) => formatAge(now - i.since)),
  };
}

/** One item in one line: glyph and state word, name, backend, account, how long it has waited, what it wants. */
export function itemLine(item: InboxItem, c: Columns, width: number, now: number, selected: boolean): string {
  const state = `${stateGlyph(item.state, item.background)} ${item.state}`;
  const cells = [pad(truncate(oneLine(item.name), c.name), c.name), pad(item.backend, c.backend), pad(oneLine(item.account), c.account), pad(formatAge(now - item.since), c.age, true)];
  const wants = item.snoozed ? `(snoozed) ${oneLine(item.ask?.summary ?? "")}` : oneLine(item.ask?.summary ?? "");
  const rest = truncate(`  ${cells.filter((_, i) => i === 0 || [c.backend, c.account, c.age][i - 1]! > 0).join("  ")}`, Math.max(0, width - 1 - displayWidth(state)));
  const room = width - 1 - displayWidth(state) - displayWidth(rest) - 2;
  const tail = wants && room > 0 ? `  ${truncate(wants, room)}` : "";
  const toned = sgr(selected ? `1;${tone(item)}` : tone(item), state);
  return `${selected ? sgr("1", "›") : " "}${toned}${sgr(selected ? "1" : "", rest)}${sgr("2", tail)}`;
}

/** Text as plain, for width checks: the SGR codes left out. */
export const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, "");

/** The editor line: what is typed, a newline shown as ⏎, the end kept in view. */
function editorLine(name: string, text: string, width: number): string {
  const label = `reply to ${oneLine(name)}: `;
  const shown = text.replace(/\n/g, "⏎");
  const room = Math.max(4, width - displayWidth(label) - 1);
  const chars = [...shown];
  let tail = "";
  for (let i = chars.length - 1; i >= 0 && displayWidth(chars[i] + tail) <= room; i--) tail = chars[i] + tail;
  return `${sgr("1", truncate(label, width))}${tail}▏`;
}

/**
 * Pure: the lines of one frame: a heading, the items (the highlighted one in full, the others in
 * one line) scrolled to keep the highlight in view, the notice or the editor, the key help.
 */
export function frameLines(state: InboxState, options: FrameOptions): string[] {
  const width = Math.max(30, options.width - 1);
  const room = Math.max(3, options.height - 3);
  const last = state.editor ? [` ${editorLine(state.editor.name, state.editor.text, width - 1)}`, ` ${sgr("2", truncate(EDITOR_KEYS, width - 1))}`]
    : [state.notice ? ` ${sgr("33", truncate(state.notice, width - 1))}` : "", ` ${sgr("2", truncate(INBOX_KEYS, width - 1))}`];
  if (state.items.length === 0) return [` ${sgr("1", EMPTY)}`, "", ...Array.from({ length: room - 1 }, () => ""), ...last];
  const blocked = state.items.filter((i) => i.state === "blocked").length;
  const heading = ` ${sgr("1", `Needs you: ${state.items.length}`)}${sgr("2", blocked > 0 ? ` (${blocked} blocked)` : "")}`;
  const c = columns(state.items, width, options.now);
  const body: Array<{ text: string; item: number }> = [];
  state.items.forEach((item, index) => {
    body.push({ text: itemLine(item, c, width, options.now, index === state.cursor), item: index });
    if (index !== state.cursor) return;
    for (const line of detailLines(item)) body.push({ text: `    ${sgr(item.snoozed ? "2" : "", truncate(line, width - 5))}`, item: index });
  });
  const first = body.findIndex((b) => b.item === state.cursor);
  const end = first + body.filter((b) => b.item === state.cursor).length;
  // The highlighted item's first line always shows; its detail as far as the room allows.
  const top = Math.max(0, Math.min(Math.min(first, Math.max(0, end - room)), body.length - room));
  const visible = body.slice(top, top + room).map((b) => b.text);
  while (visible.length < room) visible.push("");
  return [heading, ...visible, ...last];
}

/** A whole frame as one write: home, each line cleared to its end, the rest cleared. */
export function frame(state: InboxState, options: FrameOptions): string {
  return `\x1b[H${frameLines(state, options).map((l) => `${l}\x1b[K`).join("\r\n")}\x1b[J`;
}
