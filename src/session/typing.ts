/**
 * The one place that decides what text may be typed into an agent's pane. Every typist (send,
 * send --from-agent, route, skill run, exit chains, the inbox, the phone page, side conversations,
 * prompt insertion) reaches the pane through sendText (session/send.ts), which types only what
 * this file lets through: an agent in a pane acts with the user's rights, so a byte that a
 * terminal program reads as a key (Enter, Ctrl-C, Escape, the end of a bracketed paste) may only
 * come from a verb that means it, as a named key, never from text.
 */

/**
 * What the text is: a `message` keeps its line breaks (typed as one bracketed paste, so they never
 * submit on their own); a `line` (a skill invocation, a URL, a name) is one line, its breaks and
 * tabs turned into spaces.
 */
export type TypedKind = "message" | "line";

// C0 controls but TAB and LF, DEL, and C1 controls (U+009B is a CSI to a terminal program that reads
// 8-bit controls). ESC is among them, so "\x1b[201~" can never end a bracketed paste early.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// A surrogate without its partner: not a character.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Pure: the text as it may be typed. Line ends (CR LF, a lone CR, U+2028/U+2029) become LF; every
 * other control character is removed; a `line` has no LF or TAB left (spaces instead). Trailing
 * line breaks go from a text the verb submits (it presses Enter itself; a paste that ends in one
 * would submit early where the program reads no paste brackets); a draft keeps them (a quote that
 * leaves the cursor on a line of its own below it).
 */
export function typeable(text: string, kind: TypedKind = "message", draft = false): string {
  let clean = text.replace(LONE_SURROGATE, "\uFFFD").replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(CONTROL, "");
  if (kind === "line") clean = clean.replace(/[\n\t]+/g, " ").trim();
  return draft ? clean : clean.replace(/\n+$/, "");
}

/**
 * Pure: whether the text must go in as a bracketed paste rather than as typed keys: it holds a
 * line break or a tab (a tab typed as a key completes, in most CLIs).
 */
export function needsPaste(typed: string): boolean {
  return typed.includes("\n") || typed.includes("\t");
}
