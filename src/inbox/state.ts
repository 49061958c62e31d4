import { optionKeys, type Ask, type InboxItem } from "../core/ask.ts";
import type { InboxKey } from "./keys.ts";

/** The reply editor: the session it types into (fixed when it opened) and the text so far. */
export interface Editor { pane: string; name: string; text: string }

/** The popup's state: the items as the daemon last pushed them, the highlight, the editor, a notice line. */
export interface InboxState {
  items: InboxItem[];
  /** Index into items. */
  cursor: number;
  editor: Editor | null;
  /** One line above the key help: what the last key did, or why it did nothing. */
  notice: string;
}

/** What a key asks the popup to do besides redrawing. */
export type Action =
  /** Type these tmux keys into the item's dialog (after the stale check). */
  | { kind: "answer"; item: InboxItem; keys: string[]; label: string }
  /** Type the text into the item's input line and submit it (after the stale check). */
  | { kind: "reply"; item: InboxItem; text: string }
  | { kind: "snooze"; item: InboxItem; on: boolean }
  | { kind: "jump"; pane: string }
  | { kind: "quit" };

export interface Outcome { state: InboxState; action?: Action }

export function initialState(items: InboxItem[]): InboxState {
  return { items, cursor: 0, editor: null, notice: "" };
}

/** New items from a push: the highlight stays on the same session while it is listed. */
export function withItems(state: InboxState, items: InboxItem[]): InboxState {
  const pane = state.items[state.cursor]?.pane;
  const index = items.findIndex((i) => i.pane === pane);
  return { ...state, items, cursor: index === -1 ? Math.min(state.cursor, Math.max(0, items.length - 1)) : index };
}

/** An option's label without the number a screen may have printed before it ("3. No" → "No"). */
export const optionLabel = (option: string): string => option.replace(/^\s*[❯›>]?\s*\d+[.)]\s*/, "").trim();

const stay = (state: InboxState, notice = ""): Outcome => ({ state: { ...state, notice } });

function answer(state: InboxState, item: InboxItem, keys: string[], label: string): Outcome {
  return { state: { ...state, notice: "" }, action: { kind: "answer", item, keys, label } };
}

/** A digit: that option of the highlighted item's dialog. */
function pickOption(state: InboxState, item: InboxItem, n: number): Outcome {
  const options = item.ask?.options ?? [];
  if (options.length === 0) return stay(state, `${item.name} shows no options to pick`);
  if (n < 1 || n > options.length) return stay(state, `${item.name} has options 1-${options.length}`);
  return answer(state, item, optionKeys(item.ask as Ask)[n - 1] ?? [String(n)], `${n}. ${optionLabel(options[n - 1] as string)}`);
}

/** The yes-or-no questions y and n answer: a tool's permission, and whether to trust a folder. */
const YES_NO: ReadonlySet<string> = new Set(["permission", "trust"]);

/**
 * y approves (the option whose label starts with "Yes", else option 1), n denies (the one starting
 * with "No", else Escape): a permission or a trust question, as the dialog offers them.
 */
function approve(state: InboxState, item: InboxItem, yes: boolean): Outcome {
  if (!item.ask || !YES_NO.has(item.ask.kind)) return stay(state, `y and n answer a permission or a trust question; ${item.name} ${item.ask ? `asks a ${item.ask.kind}: pick an option with its digit` : "asks nothing known"}`);
  const options = item.ask.options;
  const keys = optionKeys(item.ask);
  const pick = (i: number) => answer(state, item, keys[i] ?? [String(i + 1)], `${i + 1}. ${optionLabel(options[i] as string)}`);
  if (yes) {
    if (options.length === 0) return stay(state, `${item.name} shows no options to pick`);
    const at = options.findIndex((o) => /^(?:yes|allow|approve)\b/i.test(optionLabel(o)));
    return pick(at === -1 ? 0 : at);
  }
  const no = options.findIndex((o) => /^(?:no|deny|reject)\b/i.test(optionLabel(o)));
  return no === -1 ? answer(state, item, ["Escape"], "Escape") : pick(no);
}

function edit(state: InboxState, editor: Editor, key: InboxKey): Outcome {
  const set = (text: string): Outcome => ({ state: { ...state, editor: { ...editor, text } } });
  switch (key.kind) {
    case "escape": case "interrupt": return { state: { ...state, editor: null, notice: "reply cancelled" } };
    case "newline": return set(`${editor.text}\n`);
    case "backspace": return set([...editor.text].slice(0, -1).join(""));
    case "clear": return set("");
    case "char": return set(editor.text + key.ch);
    case "enter": {
      if (editor.text.trim() === "") return stay(state, "type a reply first (esc cancels)");
      const item = state.items.find((i) => i.pane === editor.pane);
      if (!item) return { state: { ...state, editor: null, notice: `${editor.name} no longer waits; nothing sent` } };
      return { state: { ...state, editor: null, notice: "" }, action: { kind: "reply", item, text: editor.text } };
    }
    default: return { state };
  }
}

function move(state: InboxState, to: number): Outcome {
  const count = state.items.length;
  return count === 0 ? { state } : { state: { ...state, cursor: (to + count) % count, notice: "" } };
}

/** Pure: one key against the popup. */
export function press(state: InboxState, key: InboxKey): Outcome {
  if (state.editor) return edit(state, state.editor, key);
  if (key.kind === "escape" || key.kind === "interrupt" || (key.kind === "char" && key.ch === "q")) return { state, action: { kind: "quit" } };
  const item = state.items[state.cursor];
  if (!item) return { state };
  switch (key.kind) {
    case "up": return move(state, state.cursor - 1);
    case "down": return move(state, state.cursor + 1);
    case "home": return move(state, 0);
    case "end": return move(state, state.items.length - 1);
    case "enter": return { state, action: { kind: "jump", pane: item.pane } };
    case "char": break;
    default: return { state };
  }
  const ch = key.ch;
  if (ch === "k") return move(state, state.cursor - 1);
  if (ch === "j") return move(state, state.cursor + 1);
  if (/^[1-9]$/.test(ch)) return pickOption(state, item, Number(ch));
  if (ch === "y" || ch === "n") return approve(state, item, ch === "y");
  if (ch === "z") return { state: { ...state, notice: "" }, action: { kind: "snooze", item, on: !item.snoozed } };
  if (ch === "r") {
    if (item.state !== "waiting") return stay(state, `r replies to a waiting session; ${item.name} shows a dialog: answer it with a digit`);
    return { state: { ...state, editor: { pane: item.pane, name: item.name, text: "" }, notice: "" } };
  }
  return { state };
}
