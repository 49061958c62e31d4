import { displayWidth, pad, truncate } from "../util/width.ts";
import type { Row } from "./rows.ts";

/** The text columns that share the room the fixed ones leave, in the order they are handed it. */
const SHARED = ["annotation", "wants", "status"] as const;

/**
 * A row's cells cut and padded into columns (cells a row leaves empty at its end are ""), with the
 * row. `state` is the state's glyph, followed by "z" when the session is snoozed.
 */
export type LaidRow = { row: Row; state: string } & Pick<Row, "key" | "icon" | "name" | "account" | "annotation" | "age" | "wants" | "status">;

export interface LayoutOptions {
  /** Columns available for a row (the popup's width). */
  width: number;
  /** Caps the annotation column only (config switcher.annotationMaxWidth); 0 hides it. */
  annotationMaxWidth?: number | null | undefined;
}

export interface Widths { name: number; account: number; annotation: number; age: number; wants: number; status: number }

const SEP = 2;
/** Selection marker, key, space, state glyph, space, icon, space. */
const lead = (stateWidth: number, iconWidth: number) => 1 + 1 + 1 + stateWidth + 1 + iconWidth + 1;
const widest = (rows: readonly Row[], pick: (r: Row) => string) => Math.max(0, ...rows.map((r) => displayWidth(pick(r))));

/** The state column's text: the glyph, and "z" for a snoozed session (snoozed reads without colour too). */
export const stateCell = (r: Row): string => `${r.glyph}${r.tone === "snoozed" ? "z" : ""}`;

/**
 * Share `avail` columns between columns that want `wants` each: every column may take an equal
 * share, and what a narrower one leaves unused goes to the others (the widest get what is left,
 * the earlier column the smaller half of an odd split).
 */
export function share(wants: readonly number[], avail: number): number[] {
  const out = wants.map(() => 0);
  const order = wants.map((_, i) => i).filter((i) => (wants[i] ?? 0) > 0).sort((a, b) => (wants[a] ?? 0) - (wants[b] ?? 0) || a - b);
  let left = Math.max(0, avail);
  order.forEach((i, k) => {
    const given = Math.min(wants[i] ?? 0, Math.floor(left / (order.length - k)));
    out[i] = given;
    left -= given;
  });
  return out;
}

/**
 * Column widths by display width. After the lead (marker, key, state, icon), the name, the account
 * and the age (and separators) are reserved, the annotation, what it wants and the published
 * status share what is left (share): each may use a third, and what one leaves unused goes to the
 * others. The cap narrows only the annotation.
 */
export function columnWidths(rows: readonly Row[], options: LayoutOptions): Widths {
  const width = Math.max(20, options.width);
  const icon = widest(rows, (r) => r.icon);
  const state = widest(rows, stateCell);
  const account = widest(rows, (r) => r.account);
  const age = widest(rows, (r) => r.age);
  const name = Math.min(widest(rows, (r) => r.name), Math.max(8, Math.floor(width * 0.4)));
  const cap = options.annotationMaxWidth ?? Infinity;
  const want = { annotation: Math.min(widest(rows, (r) => r.annotation), cap), wants: widest(rows, (r) => r.wants), status: widest(rows, (r) => r.status) };
  let avail = width - lead(state, icon) - name - (account > 0 ? SEP + account : 0) - (age > 0 ? SEP + age : 0);
  avail -= SHARED.filter((c) => want[c] > 0).length * SEP;
  const [annotation = 0, wants = 0, status = 0] = share(SHARED.map((c) => want[c]), avail);
  return { name, account, annotation, age, wants, status };
}

/** Cut and pad every row into the columns; padding that nothing follows is left off. */
export function layoutRows(rows: readonly Row[], options: LayoutOptions): LaidRow[] {
  const w = columnWidths(rows, options);
  const icon = widest(rows, (r) => r.icon);
  const state = widest(rows, stateCell);
  return rows.map((row) => {
    const cells = {
      key: pad(row.key, 1),
      state: pad(stateCell(row), state),
      icon: pad(row.icon, icon),
      name: pad(truncate(row.name, w.name), w.name),
      account: w.account > 0 ? pad(row.account, w.account) : "",
      annotation: w.annotation > 0 ? pad(truncate(row.annotation, w.annotation), w.annotation) : "",
      age: w.age > 0 ? pad(row.age, w.age, true) : "",
      wants: w.wants > 0 ? pad(truncate(row.wants, w.wants), w.wants) : "",
      status: w.status > 0 ? truncate(row.status, w.status) : "",
    };
    // Trailing empty columns and their padding go.
    const order = ["status", "wants", "age", "annotation", "account", "name"] as const;
    for (const col of order) {
      if (cells[col].trim() !== "") { cells[col] = cells[col].trimEnd(); break; }
      cells[col] = "";
    }
    return { row, ...cells };
  });
}

/** The cells after the name, in the order they are drawn. */
export const TAIL = ["account", "annotation", "age", "wants", "status"] as const;

/** The row as plain text (what capture-pane shows), for tests and for width checks. */
export function plainRow(r: LaidRow, selected = false): string {
  const parts = [`${selected ? "›" : " "}${r.key} ${r.state} ${r.icon} ${r.name}`];
  for (const col of TAIL) if (r[col] !== "") parts.push(r[col]);
  return parts.join(" ".repeat(SEP));
}
