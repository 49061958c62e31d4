import type { Ask } from "../core/ask.ts";

/** The dialog a screen shows now, as far as the stale check needs it (src/detect/dialog.ts reads it). */
export interface ScreenDialog { digest: string }

/** What the popup is about to type: an answer into a dialog (a digit, y, n), or a reply into the input line. */
export type Typing = "answer" | "reply";

export type Verdict = { ok: true } | { ok: false; why: string };

/** The words a refused answer is told in (the popup shows them; a test looks for them). */
export const CHANGED = "the dialog changed; nothing sent";

/**
 * Pure: may the keys go in? An answer goes only into the dialog the popup showed: the screen must
 * show a dialog whose digest is the Ask's. A reply goes only into an input line: no dialog on the
 * screen, unless it is the very one the Ask was read from.
 */
export function staleVerdict(ask: Ask | null, onScreen: ScreenDialog | null, typing: Typing): Verdict {
  const expected = ask?.dialog ?? "";
  if (typing === "reply") {
    if (onScreen === null || (expected !== "" && onScreen.digest === expected)) return { ok: true };
    return { ok: false, why: "a dialog is open there now; nothing sent" };
  }
  if (expected === "") return { ok: false, why: "no dialog was read for it; nothing sent" };
  if (onScreen === null || onScreen.digest !== expected) return { ok: false, why: CHANGED };
  return { ok: true };
}
