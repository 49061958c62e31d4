import { displayWidth, pad, truncate } from "../util/width.ts";
import type { Row } from "./rows.ts";

/** A row's cells cut and padded into columns (cells a row leaves empty at its end are ""), with the row. */
export type LaidRow = { row: Row } & Pick<Row, "key" | "icon" | "name" | "account" | "annotation" | "age" | "status">;

export interface LayoutOptions {
  /** Columns available for a row (the popup's width). */
  width: number;
  /** Caps the annotation column only (config switcher.annotationMaxWidth); 0 hides it. */
  annotationMaxWidth?: number | null | undefined;
}

export interface Widths { name: number; account: number; annotation: number; age: number; status: number }

const SEP = 2;
/** Selection marker, key, space, icon, space. */
const lead = (iconWidth: number) => 1 + 1 + 1 + iconWidth + 1;
const widest = (rows: readonly Row[], pick: (r: Row) => string) => Math.max(0, ...rows.map((r) => displayWidth(pick(r))));

/**
 * Column widths by display width. After the name, account and age (and separators) are reserved,
 * the annotation and the published status share what is left: each may use half, and what one
 * leaves unused goes to the other. The cap narrows only the annotation.
 */
export function columnWidths(rows: readonly Row[], options: LayoutOptions): Widths {
  const width = Math.max(20, options.width);
  const icon = widest(rows, (r) => r.icon);
  const account = widest(rows, (r) => r.account);
  const age = widest(rows, (r) => r.age);
  const name = Math.min(widest(rows, (r) => r.name), Math.max(8, Math.floor(width * 0.4)));
  const cap = options.annotationMaxWidth ?? Infinity;
  const annWant = Math.min(widest(rows, (r) => r.annotation), cap);
  const statusWant = widest(rows, (r) => r.status);
  let avail = width - lead(icon) - name - (account > 0 ? SEP + account : 0) - (age > 0 ? SEP + age : 0);
  avail -= (annWant > 0 ? SEP : 0) + (statusWant > 0 ? SEP : 0);
  if (avail <= 0) return { name, account, annotation: 0, age, status: 0 };
  if (annWant + statusWant <= avail) return { name, account, annotation: annWant, age, status: statusWant };
  const annotation = Math.min(annWant, Math.max(Math.floor(avail / 2), avail - statusWant));
  return { name, account, annotation, age, status: Math.min(statusWant, avail - annotation) };
}

/** Cut and pad every row into the columns; padding that nothing follows is left off. */
export function layoutRows(rows: readonly Row[], options: LayoutOptions): LaidRow[] {
  const w = columnWidths(rows, options);
  const icon = widest(rows, (r) => r.icon);
  return rows.map((row) => {
    const cells = {
      key: pad(row.key, 1),
      icon: pad(row.icon, icon),
      name: pad(truncate(row.name, w.name), w.name),
      account: w.account > 0 ? pad(row.account, w.account) : "",
      annotation: w.annotation > 0 ? pad(truncate(row.annotation, w.annotation), w.annotation) : "",
      age: w.age > 0 ? pad(row.age, w.age, true) : "",
      status: w.status > 0 ? truncate(row.status, w.status) : "",
    };
    // Trailing empty columns and their padding go.
    const order = ["status", "age", "annotation", "account", "name"] as const;
    for (const col of order) {
      if (cells[col].trim() !== "") { cells[col] = cells[col].trimEnd(); break; }
      cells[col] = "";
    }
    return { row, ...cells };
  });
}

/** The row as plain text (what capture-pane shows), for tests and for width checks. */
export function plainRow(r: LaidRow, selected = false): string {
  const parts = [`${selected ? "›" : " "}${r.key} ${r.icon} ${r.name}`];
  for (const cell of [r.account, r.annotation, r.age, r.status]) if (cell !== "") parts.push(cell);
  return parts.join(" ".repeat(SEP));
}
