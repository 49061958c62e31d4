import { optionKeys, type Ask } from "../core/ask.ts";

/**
 * The page's own row of keys, as tmux names them (etc/remote/session.js draws the same row): the
 * only keys /api/keys takes, besides a letter the dialog on screen names (dialogLetters).
 */
export const PAGE_KEYS: readonly string[] = ["Escape", "1", "2", "3", "4", "5", "6", "7", "8", "9", "y", "n", "Left", "Up", "Down", "Right", "Tab", "BTab", "Enter", "C-c"];

/** Keys that answer no dialog (they interrupt): they go in without the stale check. */
export const INTERRUPT_KEYS: readonly string[] = ["Escape", "C-c"];

/** The most keys one request may send. */
const MAX_KEYS = 16;

const LETTER = /^[a-zA-Z]$/;

export type KeyCheck = { ok: true; keys: string[] } | { ok: false; refused: string };

/** The list the refusal's hint gives. */
export const KEYS_HINT = `send one of ${PAGE_KEYS.join(", ")}, or a letter an option of the dialog on screen is picked with (docs/remote.md)`;

/**
 * Pure: the keys of a request when each is one the page may ever send (a key of its row, or a
 * single letter, which checkKeys checks against the dialog on screen); else the first refused one.
 */
export function keyList(keys: unknown): KeyCheck {
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS) return { ok: false, refused: JSON.stringify(keys) ?? "nothing" };
  for (const k of keys) if (typeof k !== "string" || (!PAGE_KEYS.includes(k) && !LETTER.test(k))) return { ok: false, refused: typeof k === "string" ? k : JSON.stringify(k) };
  return { ok: true, keys: keys as string[] };
}

/** Pure: whether the keys may answer a dialog (any key but an interrupt), so the stale check runs first. */
export const answersDialog = (keys: readonly string[]): boolean => keys.some((k) => !INTERRUPT_KEYS.includes(k));

/** Pure: the letters a dialog's own options are picked with (Auggie's "[A]llow" → a, Codex's "(p)"); none without a dialog. */
export function dialogLetters(dialog: Pick<Ask, "options" | "keys"> | null): string[] {
  if (!dialog) return [];
  return [...new Set(optionKeys(dialog).flat().filter((k) => LETTER.test(k)))];
}

/** Pure: the keys when each is a key of the page's row or a letter the dialog on screen names; else the first refused one. */
export function checkKeys(keys: readonly string[], dialog: Pick<Ask, "options" | "keys"> | null): KeyCheck {
  const letters = dialogLetters(dialog);
  for (const k of keys) if (!PAGE_KEYS.includes(k) && !letters.includes(k)) return { ok: false, refused: k };
  return { ok: true, keys: [...keys] };
}
