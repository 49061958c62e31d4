import { colorAllowed, sgr } from "../util/color.ts";
import { safeLine } from "../util/terminal-text.ts";
import { charWidth, truncate } from "../util/width.ts";
import { commentAt, scrolled, type ReviewRow, type ReviewState } from "./review-state.ts";

/** Only SGR (colour) sequences: what a colouring tool's output may keep. */
const SGR = /\x1b\[[0-9;]*m/g;
const ANY_ESCAPE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]/g;

/** Pure: a line from outside, drawable: tabs as spaces, every control or bidi character written out. */
export function drawable(text: string): string {
  return safeLine(text.replaceAll("\t", "    "));
}

/** Pure: a coloured line (a tool's output for a drawable line): its SGR colours kept, every other escape dropped. */
export function keepColours(line: string): string {
  let out = "";
  let last = 0;
  for (const m of line.matchAll(ANY_ESCAPE)) {
    out += line.slice(last, m.index).replace(/[\x00-\x1f\x7f-\x9f]/g, "");
    if (SGR.test(m[0])) out += m[0];
    SGR.lastIndex = 0;
    last = (m.index ?? 0) + m[0].length;
  }
  return out + line.slice(last).replace(/[\x00-\x1f\x7f-\x9f]/g, "");
}

/** Pure: a line with SGR colours cut to `max` columns, its colours reset at the end. */
export function fitColoured(line: string, max: number): string {
  let out = "";
  let width = 0;
  let i = 0;
  while (i < line.length) {
    const esc = /^\x1b\[[0-9;]*m/.exec(line.slice(i));
    if (esc) { out += esc[0]; i += esc[0].length; continue; }
    const ch = String.fromCodePoint(line.codePointAt(i) ?? 0);
    const w = charWidth(ch);
    if (width + w > max) break;
    out += ch;
    width += w;
    i += ch.length;
  }
  return `${out}\x1b[0m`;
}

const SIGN: Record<string, string> = { add: "+", del: "-", context: " ", note: "" };
const TONE: Record<string, string> = { add: "32", del: "31", context: "", note: "2" };
const num = (n: number | null) => (n === null ? "" : String(n)).padStart(4);

/** Pure: one row drawn (without the cursor's mark). `coloured` has a tool's colouring of each diff line, by index. */
function rowText(state: ReviewState, row: ReviewRow, width: number, coloured: readonly string[] | null): string {
  if (row.kind === "file") return sgr("1;36", truncate(`▸ ${drawable(row.path)}`, width));
  if (row.kind === "hunk") return sgr("2", truncate(drawable(row.header), width));
  const mark = commentAt(state, row) ? sgr("1;33", "●") : " ";
  const gutter = `${mark}${num(row.line.old)} ${num(row.line.new)} `;
  const room = Math.max(1, width - 11);
  const sign = SIGN[row.line.kind] ?? " ";
  const painted = coloured?.[row.index];
  if (painted !== undefined && colorAllowed()) return `${gutter}${sgr(TONE[row.line.kind] ?? "", sign)}${fitColoured(painted, room - 1)}`;
  return `${gutter}${sgr(TONE[row.line.kind] ?? "", truncate(`${sign}${drawable(row.line.text)}`, room))}`;
}

/** Pure: the whole review screen: a heading, the rows around the cursor, the comment line and the keys. */
export function reviewFrame(state: ReviewState, size: { width: number; height: number; title: string; coloured?: readonly string[] | null }): { text: string; top: number } {
  const { width, height } = size;
  const bodyHeight = Math.max(1, height - 3);
  const top = scrolled(state, bodyHeight);
  const at = state.rows[state.cursor];
  const fileNo = at ? at.file + 1 : 0;
  const heading = truncate(`review ${drawable(size.title)} · file ${fileNo}/${state.files} · ${state.comments.length} comment${state.comments.length === 1 ? "" : "s"}`, width);
  const lines = [sgr("1", heading)];
  for (let i = top; i < top + bodyHeight; i++) {
    const row = state.rows[i];
    if (!row) { lines.push(""); continue; }
    const text = rowText(state, row, width - 1, size.coloured ?? null);
    lines.push(i === state.cursor ? `${sgr("7", "›")}${text}` : ` ${text}`);
  }
  const comment = commentAt(state, at);
  const status = state.typing !== null
    ? `comment: ${drawable(state.typing)}█`
    : comment ? `● ${drawable(comment.text)}` : state.notice ? drawable(state.notice) : state.rows.length === 0 ? "no changes to review" : "";
  lines.push(truncate(status, width));
  lines.push(sgr("2", truncate(state.typing !== null ? "Enter keeps it (empty removes it) · Esc leaves it as it was" : "j/k ↑↓ line · n/p hunk · f/F file · c comment · d delete · s send · q quit (comments kept)", width)));
  return { text: `\x1b[H\x1b[2J${lines.join("\r\n")}`, top };
}
