/**
 * Variants of a real capture, as test data: a rule is tested against the family of screens a CLI
 * draws for one state, not the one capture. Each variant is what the CLI itself would draw in another
 * situation: a shorter pane (its top cut off), another spinner glyph, verb or tail, a timer there or
 * not, lines without their trailing spaces.
 */

export interface Variant { name: string; screen: string }

/** The screen's lines, without the blank rows under its last drawn line (a full-screen CLI leaves them empty). */
const lines = (screen: string) => screen.replace(/(?:\n[ \t]*)+$/, "").split("\n");

/** The screen as a shorter pane shows it: only the last `rows` lines of what the CLI drew, its top cut off. */
export function shorter(screen: string, rows: number): string {
  return lines(screen).slice(-rows).join("\n");
}

/** Each line without trailing spaces (how `capture-pane -J` and some terminals hand it over). */
export function trimmed(screen: string): string {
  return lines(screen).map((l) => l.replace(/\s+$/, "")).join("\n");
}

/** Shorter panes of the same screen: 24, 16 and 10 rows (a pane never shows fewer than the CLI's input box and a line above it). */
export function heights(screen: string, rows: readonly number[] = [24, 16, 10]): Variant[] {
  const all = lines(screen).length;
  return rows.filter((r) => r < all).map((r) => ({ name: `${r} rows`, screen: shorter(screen, r) }));
}

/** The glyphs Claude Code cycles its spinner through, and verbs it picks at random. */
export const CLAUDE_GLYPHS = ["·", "✢", "*", "✶", "✻", "✽", "✳"];
export const CLAUDE_VERBS = ["Moonwalking", "Channelling", "Pondering", "Zigzagging", "Thinking", "Cogitating", "Simmering", "Reticulating"];
/** Tails a running turn's spinner line shows, by version and moment (none at all at first). */
export const CLAUDE_TAILS = ["", " (2s · ↓ 6 tokens)", " (12s · ↑ 2.1k tokens · esc to interrupt)", " (thought for 2s)", " (ctrl+c to interrupt · 3m 17s)", " (1m 4s · ↓ 2.5k tokens · thinking)"];

/**
 * Claude's spinner line in every glyph, verb and tail (the capture's own spinner line replaced),
 * each variant one screen.
 */
export function claudeSpinners(screen: string): Variant[] {
  const spinner = /^(\s*)[·✢*✶✻✽✳]\s+\S[^…]*….*$/m;
  if (!spinner.test(screen)) return [];
  const out: Variant[] = [];
  CLAUDE_GLYPHS.forEach((glyph, g) => {
    CLAUDE_TAILS.forEach((tail, t) => {
      const verb = CLAUDE_VERBS[(g + t) % CLAUDE_VERBS.length] ?? "Thinking";
      out.push({ name: `${glyph} ${verb}…${tail}`, screen: screen.replace(spinner, (_m, indent: string) => `${indent}${glyph} ${verb}…${tail}`) });
    });
  });
  return out;
}

/** Codex's status line in other words and timers: "• Working (1s • esc to interrupt)", a reasoning header instead of Working, hours. */
export function codexStatusLines(screen: string): Variant[] {
  const status = /^(\s*)• (.+?) \((.+?) • esc to interrupt\)\s*$/m;
  if (!status.test(screen)) return [];
  const forms: Array<[string, string]> = [["Working", "1s"], ["Working", "1m 22s"], ["Exploring the repository", "45s"], ["Planning the change", "1h 02m 03s"], ["Working", "0s"]];
  return forms.map(([word, timer]) => ({ name: `• ${word} (${timer} • esc to interrupt)`, screen: screen.replace(status, (_m, indent: string) => `${indent}• ${word} (${timer} • esc to interrupt)`) }));
}
