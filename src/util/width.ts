/**
 * Terminal display width: what a line occupies on screen, double-width characters counted as 2.
 * Wide and Fullwidth come from Unicode's East Asian Width table (get-east-asian-width, kept current
 * with each Unicode release; ambiguous characters count 1, as terminals draw them by default).
 */
import { eastAsianWidth } from "get-east-asian-width";

// Combining marks, zero-width spaces and joiners, variation selectors, other format characters.
const ZERO = /[\p{Mn}\p{Me}\p{Cf}\ufe00-\ufe0f]/u;

/** Width of one code point: 0, 1 or 2. Control characters count 0 (they never reach a row). */
export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (ZERO.test(ch)) return 0;
  return eastAsianWidth(cp);
}

const MODIFIER = /\p{Emoji_Modifier}/u;
const MODIFIER_BASE = /\p{Emoji_Modifier_Base}/u;

/**
 * Display width of a string (no escape codes in it). A character joined by ZWJ to the one before
 * adds nothing, nor does a skin tone after the emoji it modifies.
 */
export function displayWidth(text: string): number {
  let width = 0;
  let joined = false;
  let previous = "";
  for (const ch of text) {
    if (ch === "\u200d") { joined = true; continue; }
    const modifies = MODIFIER.test(ch) && MODIFIER_BASE.test(previous);
    if (!joined && !modifies) width += charWidth(ch);
    joined = false;
    previous = ch;
  }
  return width;
}

/** Cut text to at most `max` columns, ending with "…" when something was cut. */
export function truncate(text: string, max: number, ellipsis = "…"): string {
  if (max <= 0) return "";
  if (displayWidth(text) <= max) return text;
  const room = max - displayWidth(ellipsis);
  let out = "";
  let width = 0;
  for (const ch of text) {
    const w = charWidth(ch);
    if (width + w > room) break;
    out += ch;
    width += w;
  }
  return `${out}${ellipsis}`;
}

/** Pad with spaces to `width` columns (left-aligned), or on the left when `right`. */
export function pad(text: string, width: number, right = false): string {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}
