/**
 * What the user has typed into a CLI's input line and not submitted yet: read from a capture with
 * its escapes (`capture-pane -e`), because a placeholder ("Ask Codex to do anything", Gemini's
 * "Type your message or @path/to/file", Cline's "Ask anything...") looks like typed text in plain
 * text. Every CLI captured here puts the terminal's cursor at the start of an empty input line,
 * before its placeholder (Claude, Codex, Cline, Gemini); one that draws its own cursor draws it as
 * a reverse-video cell there; a placeholder is drawn dim (Codex, droid). Typed text is none of these.
 */

interface Cell { char: string; dim: boolean; reverse: boolean }

const ESCAPE = /\x1b\[([0-9;:]*)m|\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/y;

/** Pure: one line of a capture as cells with the two attributes that tell typed text from the rest. */
export function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  let dim = false, reverse = false;
  for (let i = 0; i < line.length;) {
    ESCAPE.lastIndex = i;
    const m = ESCAPE.exec(line);
    if (m) {
      if (m[1] !== undefined) {
        const params = m[1].split(/[;:]/).map((p) => (p === "" ? 0 : Number(p)));
        for (let k = 0; k < params.length; k++) {
          const p = params[k];
          if (p === 0) { dim = false; reverse = false; }
          else if (p === 2) dim = true;
          else if (p === 22) dim = false;
          else if (p === 7) reverse = true;
          else if (p === 27) reverse = false;
          else if (p === 38 || p === 48 || p === 58) k += params[k + 1] === 5 ? 2 : params[k + 1] === 2 ? 4 : 0;
        }
      }
      i = ESCAPE.lastIndex;
      continue;
    }
    const char = String.fromCodePoint(line.codePointAt(i) ?? 32);
    cells.push({ char, dim, reverse });
    i += char.length;
  }
  return cells;
}

const plain = (cells: readonly Cell[]) => cells.map((c) => c.char).join("");

/** Where the terminal's cursor is, in cells from the top left of the visible screen. */
export interface Cursor { x: number; y: number }

/**
 * Pure: the draft in the CLI's input line: "" when the line is empty (only a placeholder or the
 * cursor), null when no input line is on the screen (nothing can be said). `inputLine` matches the
 * line's plain text up to where the typing starts (the backend's inputLine); the last such line is
 * the input (earlier ones are echoes of prompts already sent).
 */
export function draftIn(ansiScreen: string, inputLine: RegExp, cursor?: Cursor): string | null {
  const pattern = new RegExp(inputLine.source, inputLine.flags.replace(/[gmy]/g, ""));
  let found: Cell[] | null = null;
  let start = 0;
  let row = -1;
  ansiScreen.split("\n").forEach((line, y) => {
    const cells = cellsOf(line);
    const m = pattern.exec(plain(cells));
    if (m && m.index === 0) { found = cells; start = [...m[0]].length; row = y; }
  });
  if (!found) return null;
  // The cursor where the typing starts: nothing typed (what follows is a placeholder).
  if (cursor && cursor.y === row && cursor.x <= start) return "";
  let rest = (found as Cell[]).slice(start);
  // The cursor's cell first: what follows it is a placeholder, nothing is typed.
  const first = rest.findIndex((c) => c.char.trim() !== "" || c.reverse);
  if (first >= 0 && rest[first]?.reverse === true) return "";
  rest = rest.filter((c) => !c.dim && !c.reverse);
  return plain(rest).replace(/[│┃|]\s*$/u, "").replace(/[\s\u00a0]+/gu, " ").trim();
}
