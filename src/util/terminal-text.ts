/**
 * The one place that makes text from outside safe for a terminal. Names, directories, registry
 * fields, skill descriptions, model answers, error texts: any of them can hold bytes a terminal
 * acts on (ESC[2J clears the screen, an OSC 52 writes the clipboard, a newline forges a table row,
 * U+202E turns a row around). What agentmux prints is a Shown, which only this file makes: from a
 * `shown` template (its literal parts are agentmux's own, every value is made safe), from
 * `block` (a multi-line text), or from `ownEscapes` (agentmux's own SGR colours). out and err take
 * nothing else, so the type checker finds a print that skipped this file.
 */
export class Shown {
  constructor(readonly text: string) {}
  toString(): string { return this.text; }
}

// C0 (but TAB and LF, which `block` keeps), DEL and C1: what a terminal may act on.
const CONTROL = /[\x00-\x1f\x7f-\x9f]/g;
// Characters that reorder or hide text: bidirectional overrides, isolates and marks.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e" };

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, "0");
/** A character a terminal would act on, written out as its escape (shown, never hidden). */
const visible = (c: string): string => NAMED[c] ?? (c.charCodeAt(0) <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`);

/** Pure: one line of text from outside, every control and bidi character written out as its escape. */
export function safeLine(text: unknown): string {
  return String(text).replace(LONE_SURROGATE, "\uFFFD").replace(CONTROL, visible).replace(BIDI, visible);
}

/** A multi-line text from outside (a model's answer, a screen, a transcript): its line breaks and tabs kept, CR LF as LF. */
export function block(text: string): Shown {
  const lines = text.replace(/\r\n/g, "\n").split("\n").map((l) => l.split("\t").map(safeLine).join("\t"));
  return new Shown(lines.join("\n"));
}

/** A value in a `shown` template: a Shown as it is, a number or boolean as written, anything else one safe line. */
function piece(value: unknown): string {
  if (value instanceof Shown) return value.text;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return safeLine(value ?? "");
}

/** A line agentmux prints: the literal parts as written, every interpolated value made safe. */
export function shown(strings: TemplateStringsArray, ...values: unknown[]): Shown {
  let text = strings[0] ?? "";
  values.forEach((value, i) => { text += piece(value) + (strings[i + 1] ?? ""); });
  return new Shown(text);
}

/** Shown texts joined by agentmux's own separator. */
export function joinShown(parts: readonly Shown[], separator = "\n"): Shown {
  return new Shown(parts.map((p) => p.text).join(separator));
}

/**
 * Text agentmux drew itself with its own escapes (SGR colours from util/color.ts, a QR code):
 * every text from outside in it must already have gone through safeLine or block. Named so that a
 * reader sees the claim.
 */
export function ownEscapes(text: string): Shown {
  return new Shown(text);
}

/** Print to standard output. */
export function out(text: Shown): void {
  process.stdout.write(text.text);
}

/** Print to standard error. */
export function err(text: Shown): void {
  process.stderr.write(text.text);
}

/** "agentmux: warning: TEXT" on standard error, the text made safe. */
export function warn(text: unknown): void {
  err(shown`agentmux: warning: ${text}\n`);
}

/** JSON as agentmux prints it: JSON escapes C0 itself; C1, DEL, bidi characters and U+2028/U+2029 are escaped too (the value is the same). */
export function safeJson(value: unknown, indent = 2): Shown {
  return new Shown(JSON.stringify(value, null, indent).replace(/[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${hex(c, 4)}`));
}
