import type { Ask } from "../core/ask.ts";
import type { Tmux } from "../tmux/tmux.ts";

/** The dialog a screen shows now, as far as the stale check needs it (src/detect/dialog.ts reads it). */
export interface ScreenDialog { digest: string }

/** What is about to be typed: an answer into a dialog (a digit, y, n), or a reply into the input line. */
export type Typing = "answer" | "reply";

export type Verdict = { ok: true } | { ok: false; why: string };

/** The words a refused answer is told in (the popup and the page show them; a test looks for them). */
export const CHANGED = "the dialog changed; nothing sent";

/**
 * Pure: may the keys go in? An answer goes only into the dialog that was shown: the screen must
 * show a dialog whose digest is the Ask's. A reply goes only into an input line: no dialog on the
 * screen, unless it is the very one the Ask was read from.
 */
export function staleVerdict(ask: Pick<Ask, "dialog"> | null, onScreen: ScreenDialog | null, typing: Typing): Verdict {
  const expected = ask?.dialog ?? "";
  if (typing === "reply") {
    if (onScreen === null || (expected !== "" && onScreen.digest === expected)) return { ok: true };
    return { ok: false, why: "a dialog is open there now; nothing sent" };
  }
  if (expected === "") return { ok: false, why: "no dialog was read for it; nothing sent" };
  if (onScreen === null || onScreen.digest !== expected) return { ok: false, why: CHANGED };
  return { ok: true };
}

/** Reads the dialog a screen shows as the daemon reads it (the backend's manifest); null when none. */
export type DialogReader<D extends ScreenDialog> = (screen: string) => Promise<D | null> | D | null;

export type ScreenCheck<D> = { ok: true; onScreen: D | null } | { ok: false; why: string; gone: boolean };

/**
 * The stale check every door that answers a dialog runs right before the keys go in (the inbox
 * popup, the phone page): the pane's screen now, its dialog, the verdict.
 * `shown` is the digest of the dialog the answer was made for ("" when none was shown). When the
 * keys may go in, the dialog on screen comes back (a caller may check keys against its options).
 */
export async function checkScreen<D extends ScreenDialog>(tmux: Pick<Tmux, "tryCapture">, pane: string, shown: string, read: DialogReader<D>, typing: Typing): Promise<ScreenCheck<D>> {
  // Captured as the daemon captures it (lines as drawn, not joined), so the digests compare.
  const screen = await tmux.tryCapture(pane, { join: false });
  if (screen === null) return { ok: false, why: "its pane is gone; nothing sent", gone: true };
  const onScreen = await read(screen);
  const verdict = staleVerdict({ dialog: shown }, onScreen, typing);
  return verdict.ok ? { ok: true, onScreen } : { ok: false, why: verdict.why, gone: false };
}
