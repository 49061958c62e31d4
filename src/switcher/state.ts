import { fuzzyFilter } from "./fuzzy.ts";
import type { Key } from "./input.ts";
import type { Row } from "./rows.ts";

/**
 * The switcher's state: the rows, whether a filter is being typed, and the highlighted row. A
 * session's key jumps at once; "/" starts a fuzzy filter (Enter takes the highlighted match).
 */
export interface PickerState {
  rows: Row[];
  filtering: boolean;
  query: string;
  /** Index into the visible rows. */
  cursor: number;
  /** Whether the highlighted session's screen (or diff) is shown below the list (Tab cycles it). */
  preview: boolean;
  /** What the preview shows: the pane's screen, or what the session changed (`agentmux diff`). */
  view: "screen" | "diff";
  /** Whether a diff view is offered (Tab goes screen → diff → off; without it, screen → off). */
  diffView: boolean;
}

export type Outcome = { kind: "stay"; state: PickerState } | { kind: "jump"; pane: string } | { kind: "quit" };

export function initialState(rows: Row[], preview = false, diffView = false): PickerState {
  return { rows, filtering: false, query: "", cursor: 0, preview, view: "screen", diffView };
}

/** Tab: off → screen → diff (when offered) → off. */
function cycle(state: PickerState): PickerState {
  if (!state.preview) return { ...state, preview: true, view: "screen" };
  if (state.view === "screen" && state.diffView) return { ...state, view: "diff" };
  return { ...state, preview: false, view: "screen" };
}

const filterText = (r: Row) => `${r.host ? `${r.host}:` : ""}${r.name} ${r.account} ${r.annotation} ${r.status}`;

export function visibleRows(state: PickerState): Row[] {
  return state.filtering ? fuzzyFilter(state.rows, state.query, filterText) : state.rows;
}

/** New rows from a refresh; the highlight stays on the same session when it is still listed. */
export function withRows(state: PickerState, rows: Row[]): PickerState {
  const pane = visibleRows(state)[state.cursor]?.pane;
  const next = { ...state, rows };
  const index = visibleRows(next).findIndex((r) => r.pane === pane);
  return { ...next, cursor: index === -1 ? Math.min(state.cursor, Math.max(0, visibleRows(next).length - 1)) : index };
}

function move(state: PickerState, delta: number | "home" | "end"): Outcome {
  const count = visibleRows(state).length;
  if (count === 0) return { kind: "stay", state };
  const cursor = delta === "home" ? 0 : delta === "end" ? count - 1 : (state.cursor + delta + count) % count;
  return { kind: "stay", state: { ...state, cursor } };
}

function choose(state: PickerState): Outcome {
  const row = visibleRows(state)[state.cursor];
  return row ? { kind: "jump", pane: row.pane } : { kind: "stay", state };
}

function typed(state: PickerState, query: string): Outcome {
  return { kind: "stay", state: { ...state, query, cursor: 0 } };
}

export function press(state: PickerState, key: Key): Outcome {
  if (state.rows.length === 0 || key.kind === "interrupt") return { kind: "quit" };
  switch (key.kind) {
    case "up": return move(state, -1);
    case "down": return move(state, 1);
    case "home": return move(state, "home");
    case "end": return move(state, "end");
    case "enter": return choose(state);
    case "escape":
      return state.filtering ? { kind: "stay", state: { ...state, filtering: false, query: "", cursor: 0 } } : { kind: "quit" };
    case "backspace":
      if (!state.filtering) return { kind: "stay", state };
      if (state.query === "") return { kind: "stay", state: { ...state, filtering: false } };
      return typed(state, [...state.query].slice(0, -1).join(""));
    case "clear": return state.filtering ? typed(state, "") : { kind: "stay", state };
    case "tab": return { kind: "stay", state: cycle(state) };
    case "char": {
      if (state.filtering) return typed(state, state.query + key.ch);
      if (key.ch === "/") return { kind: "stay", state: { ...state, filtering: true, query: "", cursor: 0 } };
      const row = state.rows.find((r) => r.key !== "" && r.key === key.ch);
      if (row) return { kind: "jump", pane: row.pane };
      if (key.ch === "q") return { kind: "quit" };
      return { kind: "stay", state };
    }
  }
}
