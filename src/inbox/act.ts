import type { Ask, InboxItem } from "../core/ask.ts";
import { tellTyped } from "../daemon/typed-client.ts";
import { DraftInTheWay, sendText } from "../session/send.ts";
import { SNOOZE_OPTION } from "../session/snooze.ts";
import { checkScreen, type ScreenDialog, type Typing } from "../session/stale.ts";
import type { Tmux } from "../tmux/tmux.ts";

/** What answering needs besides tmux: how to read a screen's dialog, and the CLI's input line (the guarded submit). */
export interface ActDeps {
  tmux: Tmux;
  /** The dialog a screen shows, read as the daemon reads it (the backend's manifest); null when none. */
  readDialog: (screen: string, backend: string) => Promise<ScreenDialog | null>;
  promptLine: (backend: string) => Promise<RegExp | undefined>;
}

/** The session an answer is for, and the dialog it was made for (its digest; none: a reply where no dialog shows). */
export type Addressed = Pick<InboxItem, "pane" | "name" | "backend"> & { ask: Pick<Ask, "dialog"> | null };

/** What happened, for the popup's notice line. */
export interface Done { sent: boolean; notice: string }

/** The stale check (session/stale.ts), right before the keys go in, against the dialog the popup showed. */
async function check(deps: ActDeps, item: Addressed, typing: Typing): Promise<Done | null> {
  const verdict = await checkScreen(deps.tmux, item.pane, item.ask?.dialog ?? "", (screen) => deps.readDialog(screen, item.backend), typing);
  return verdict.ok ? null : { sent: false, notice: `${item.name}: ${verdict.why}` };
}

/**
 * A digit, y or n: the keys go into the dialog only while it is the one the popup showed. Keys for
 * a session that showed no dialog (`answer --dialog ""`: the phone page's arrows or Enter) go in
 * only while none has opened.
 */
export async function answerItem(deps: ActDeps, item: Addressed, keys: string[], label: string): Promise<Done> {
  const refused = await check(deps, item, item.ask?.dialog ? "answer" : "reply");
  if (refused) return refused;
  const at = Date.now();
  await deps.tmux.sendKeys(item.pane, keys);
  await tellTyped(deps.tmux, item.pane, keys.includes("Escape") ? "escape" : "keys", at);
  return { sent: true, notice: `${item.name}: answered ${label}` };
}

/** r: the reply is typed into the input line and submitted as `agentmux send` submits (Enter again while it sits there). */
export async function replyTo(deps: ActDeps, item: Addressed, text: string): Promise<Done> {
  const refused = await check(deps, item, "reply");
  if (refused) return refused;
  const at = Date.now();
  try {
    await sendText(deps.tmux, item.pane, text, { enter: true, promptLine: await deps.promptLine(item.backend), label: item.name });
  } catch (error) {
    if (error instanceof DraftInTheWay) return { sent: false, notice: `${error.message}: nothing sent` };
    throw error;
  }
  await tellTyped(deps.tmux, item.pane, "submit", at);
  return { sent: true, notice: `${item.name}: reply sent` };
}

/** z: snooze until undone, as `agentmux snooze` does; on a snoozed one, wake it. */
export async function snoozeItem(tmux: Tmux, item: InboxItem, on: boolean): Promise<Done> {
  if (on) await tmux.setOption({ pane: item.pane }, SNOOZE_OPTION, "1");
  else await tmux.unsetOption({ pane: item.pane }, SNOOZE_OPTION);
  return { sent: true, notice: on ? `snoozed ${item.name} until undone (z again wakes it)` : `${item.name} is no longer snoozed` };
}
