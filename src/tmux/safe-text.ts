/**
 * The one place that makes text safe for tmux (docs/tmux-formats.md says which commands expand
 * what). Text from repositories, agents and users goes through here before it reaches a tmux
 * argument that tmux expands as a format (`#(...)` runs a command, `#{...}` reads a variable,
 * `#[...]` styles) or passes through strftime (`%`).
 */

/** The longest text (in characters) a name, message or option value keeps. */
export const MAX_TEXT = 1000;

/** `#` doubled, for text tmux expands and then draws (names, labels, messages, options): shown as it is, never run or styled. */
export function escapeFormat(text: string): string {
  return text.replaceAll("#", "##");
}

/**
 * For text tmux expands but never draws (a command, a directory): `#` doubled, except a run of
 * `#` before `[`, which expansion keeps as it is (it leaves styles to drawing).
 */
export function escapeExpand(text: string): string {
  return text.replace(/#+/g, (run, at: number) => (text[at + run.length] === "[" ? run : run + run));
}

/** `%` doubled, for the commands that pass their argument through strftime as well. */
export function escapeTime(text: string): string {
  return text.replaceAll("%", "%%");
}

// A surrogate without its partner: not a character (how bytes that were not UTF-8 can arrive).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 and C1 control characters and DEL; a terminal would act on them.
const CONTROL = /[\x00-\x1f\x7f-\x9f]/g;

/**
 * Text as one clean line: well-formed (a lone surrogate becomes U+FFFD; Node already decodes
 * bytes that are not UTF-8 as U+FFFD), control characters and newlines turned into spaces, at most `max`
 * characters (a longer text ends in "…").
 */
export function cleanLine(text: string, max = MAX_TEXT): string {
  const clean = text.replace(LONE_SURROGATE, "\uFFFD").replace(CONTROL, " ");
  const chars = [...clean];
  return chars.length <= max ? clean : `${chars.slice(0, max - 1).join("")}…`;
}

/** Text shown literally where tmux expands formats (a window name, a menu label, a message). */
export function formatLiteral(text: string, max = MAX_TEXT): string {
  return escapeFormat(cleanLine(text, max));
}

/** Text shown literally where tmux expands formats and strftime (display-message, pipe-pane, run-shell). */
export function timeFormatLiteral(text: string, max = MAX_TEXT): string {
  return escapeTime(formatLiteral(text, max));
}

/**
 * Between two commands in one argv: the only separator. A text ";" (a switcher key, a status)
 * is an argument like any other; no text can equal this (a NUL never reaches an argument).
 */
export const THEN = "\0;";

/**
 * One argument for tmux's own argv (a one-shot `tmux ...`): there an argument ending in ";" ends
 * the command, and whatever follows would run as the next one; "\;" at the end stands for ";".
 */
export function argvWord(arg: string): string {
  if (arg === THEN) return ";";
  return arg.endsWith(";") ? `${arg.slice(0, -1)}\\;` : arg;
}

/**
 * One word of a line in tmux's configuration file (~/.tmux.conf): double-quoted, with the
 * backslash, the double quote and "$" (an environment variable there) escaped. A newline cannot be
 * in one (it would end the command): refused.
 */
export function configWord(text: string): string {
  if (/[\n\r]/.test(text)) throw new Error("a tmux configuration word cannot hold a line break");
  return `"${text.replace(/[\\"$]/g, "\\$&")}"`;
}

declare const FORMAT: unique symbol;

/**
 * A tmux format built only from escaped text and our own styles: the only kind of value a
 * format option (@agentmux-border, @agentmux-status, ...) accepts.
 */
export type Format = string & { readonly [FORMAT]: true };

/** User text inside a Format: cleaned to one line and escaped. */
export function literal(text: string, max = MAX_TEXT): Format {
  return formatLiteral(text, max) as Format;
}

/** One of our own styles, e.g. style("fg=red"), style("default"); never user text. */
export function style(spec: "default" | "italics" | "noitalics" | "bold" | `fg=${string}`): Format {
  if (/[#\]]/.test(spec)) throw new Error(`not a style: ${spec}`);
  return `#[${spec}]` as Format;
}

/** Formats joined (by a literal separator); empty parts left out. */
export function joinFormats(parts: ReadonlyArray<Format | "">, separator = " "): Format {
  return parts.filter((p) => p !== "").join(escapeFormat(separator)) as Format;
}

export const EMPTY_FORMAT = "" as Format;
