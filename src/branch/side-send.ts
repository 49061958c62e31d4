import { promptLineOf } from "../backends/index.ts";
import { sendText } from "../session/send.ts";
import type { NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { isSide, openSides, parentOf, sidesOf } from "./side-family.ts";
import { quoteBlock, typedInInputLine } from "./side-quote.ts";

/** Where `side send-selection` quotes to: a pane, a new side of the current conversation, or one of several open sides to choose. */
export type QuoteDestination<T> = { kind: "pane"; to: T } | { kind: "new-side"; of: T } | { kind: "choose"; among: T[] };

/**
 * Pure: the other end of the conversation a quote comes from. A side quotes into its parent; a
 * conversation into its newest side (none open: a new side, as `agentmux side` opens one); a pane
 * that is not a conversation into the open side (several: to choose; none: an error).
 */
export function quoteDestination<T extends NamedSession>(current: T | null, sessions: readonly T[]): QuoteDestination<T> {
  if (current && isSide(current)) {
    const parent = parentOf(current, sessions);
    if (!parent) throw new AgentmuxError(`${current.name} (${current.pane}) has no parent open to quote into`, { hint: "its parent is gone (or it was resumed on its own)" });
    return { kind: "pane", to: parent };
  }
  if (current) {
    const newest = sidesOf(current.pane, sessions)[0];
    return newest ? { kind: "pane", to: newest } : { kind: "new-side", of: current };
  }
  const open = openSides(sessions);
  if (open.length === 0) throw new AgentmuxError("no side conversation is open to quote into", { hint: "open one from a conversation: agentmux side" });
  return open.length === 1 ? { kind: "pane", to: open[0] as T } : { kind: "choose", among: open };
}

/** The pane's copy-mode selection, else tmux's newest paste buffer; null when neither has text. */
export async function selectionOf(tmux: Tmux, pane: string | undefined): Promise<string | null> {
  const selected = pane ? await tmux.selectionText(pane).catch(() => null) : null;
  const text = selected ?? (await tmux.topBuffer());
  return text && text.trim() !== "" ? text : null;
}

/** Type a passage as a block quote into a session's input line, after what is typed there (on a paragraph of its own), unsent. */
export async function typeQuote(tmux: Tmux, into: Pick<NamedSession, "pane" | "backend">, text: string): Promise<void> {
  const typed = typedInInputLine(await tmux.capture(into.pane), promptLineOf(into.backend));
  await sendText(tmux, into.pane, `${typed ? "\n\n" : ""}${quoteBlock(text)}`, { enter: false });
}
