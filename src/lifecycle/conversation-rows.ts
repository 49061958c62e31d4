import { formatAge } from "../util/text.ts";

/** One conversation as branches and resume show it. */
export interface ConversationRow {
  id: string;
  backend: string;
  /** The account it ran under ("" : the CLI's own home). */
  account: string;
  dir: string;
  firstPrompt: string;
  /** When it was last written (ms epoch); null for an ancestor whose files are gone. */
  time: number | null;
  /** The pane of a live session holding it; null when it is not running. */
  livePane: string | null;
  /** The conversation of the session asked about (branches). */
  current: boolean;
  /** Its depth in the family tree (0 for resume's flat list). */
  depth: number;
  /** Known only as a parent: its files are gone. */
  gone: boolean;
}

const PROMPT_WIDTH = 60;

/** Pure: a prompt on one line, cut to width code points. */
export function oneLine(text: string, width = PROMPT_WIDTH): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  const chars = [...flat];
  return chars.length > width ? `${chars.slice(0, width - 1).join("")}…` : flat;
}

/** Pure: a row as one line of the picker and the printed list. */
export function formatRow(row: ConversationRow, now: number, options: { showBackend?: boolean } = {}): string {
  const indent = "  ".repeat(row.depth);
  const mark = row.current ? "* " : "";
  if (row.gone) return `${indent}${mark}(gone) ${row.id}`;
  const prompt = row.firstPrompt ? oneLine(row.firstPrompt) : "(no prompt yet)";
  const age = row.time === null ? "" : `${formatAge(now - row.time)} ago`;
  const where = row.livePane ? `live ${row.livePane}` : "past";
  const extra = [options.showBackend ? row.backend : "", row.account ? `account ${row.account}` : ""].filter(Boolean).join(", ");
  return `${indent}${mark}${prompt}  ·  ${age}  ·  ${row.dir}  ·  ${where}${extra ? `  ·  ${extra}` : ""}`;
}

/** The JSON form of a row (--json of branches and resume). */
export function rowJson(row: ConversationRow): Record<string, unknown> {
  return {
    id: row.id, backend: row.backend, account: row.account || null, dir: row.dir, firstPrompt: row.firstPrompt,
    time: row.time === null ? null : new Date(row.time).toISOString(), live: row.livePane !== null, pane: row.livePane,
    current: row.current, depth: row.depth, gone: row.gone,
  };
}

/** Pure: whether a family holds anything to go to besides the current conversation. */
export function hasRelatives(rows: readonly ConversationRow[]): boolean {
  return rows.some((r) => !r.current && !r.gone);
}
