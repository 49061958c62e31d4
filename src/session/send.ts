import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";
import { sleep } from "../util/sleep.ts";
import { draftIn } from "./draft.ts";
import { needsPaste, typeable, type TypedKind } from "./typing.ts";

export interface SendOptions {
  enter: boolean;
  /** Wait after typing before Enter (Claude Code drops a Return that arrives while its prompt still renders). */
  settleMs?: number;
  /** How long to watch for the submission before pressing Enter again. */
  checkMs?: number;
  retries?: number;
  /** The CLI's input line (its backend's readyPattern): Enter again while the text sits there, even after the screen changed. */
  promptLine?: RegExp | undefined;
  /** Evidence from elsewhere that the text was taken (e.g. the daemon saw a turn begin): no more Enters. */
  submitted?: () => boolean;
  /** Without a promptLine: Enter again while the text sits at the bottom even when the screen changed. */
  whileInPrompt?: boolean;
  /** A message keeps its line breaks (as one bracketed paste); a line (a skill invocation, a URL) has none. Default: message. */
  kind?: TypedKind;
  /** The session as the user knows it, for the refusal of a draft in the way (default: the pane id). */
  label?: string;
}

/** The refusal of a submit onto what the user typed and did not send: nothing was typed. */
export class DraftInTheWay extends AgentmuxError {
  constructor(readonly label: string, readonly draft: string) {
    const shown = draft.length > 60 ? `${draft.slice(0, 59)}…` : draft;
    super(`${label}'s input line holds a draft ("${shown}"): submitting now would send it together with this text`, {
      hint: "submit or clear it in the pane first (agentmux attach), then try again",
    });
    this.name = "DraftInTheWay";
  }
}

/**
 * The draft in a pane's input line ("" when empty), or null when the CLI's input line is not known
 * or not on the screen.
 */
export async function readDraft(tmux: Tmux, pane: string, promptLine: RegExp | undefined): Promise<string | null> {
  if (!promptLine) return null;
  const [screen, at] = await Promise.all([tmux.tryCapture(pane, { escapes: true }), tmux.query(pane, "#{cursor_x} #{cursor_y}").catch(() => "")]);
  const [x, y] = (at ?? "").split(" ").map(Number);
  return screen === null ? null : draftIn(screen, promptLine, Number.isInteger(x) && Number.isInteger(y) ? { x: x ?? 0, y: y ?? 0 } : undefined);
}

/** The last non-empty line of the text, as it would sit in a prompt. */
function tailOf(text: string): string {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const last = lines[lines.length - 1] ?? "";
  return last.slice(-24);
}

/** Whether the text still sits in the bottom of the screen (the prompt area). */
export function stillInPrompt(screen: string, text: string): boolean {
  const tail = tailOf(text);
  if (!tail) return false;
  const bottom = screen.split("\n").filter((l) => l.trim() !== "").slice(-6).join("\n");
  return bottom.includes(tail);
}

/** Whether the last line matching the CLI's input-line pattern still holds the text's tail. */
export function inPromptLine(screen: string, text: string, promptLine: RegExp): boolean {
  const tail = tailOf(text);
  const pattern = new RegExp(promptLine.source, promptLine.flags.replace(/[gm]/g, ""));
  const line = screen.split("\n").filter((l) => pattern.test(l)).at(-1);
  return tail !== "" && line !== undefined && line.includes(tail);
}

/**
 * Type text into a pane and submit it: the only way text reaches a pane. The text is what
 * session/typing.ts lets through (no control bytes; line breaks only inside one bracketed paste).
 * A submit onto a draft the user left in the input line is refused before anything is typed.
 * Enter comes after a settle, and is pressed again while the text still sits in the prompt.
 */
export async function sendText(tmux: Tmux, pane: string, raw: string, options: SendOptions): Promise<{ enters: number }> {
  const text = typeable(raw, options.kind ?? "message", !options.enter);
  if (options.enter) {
    const draft = await readDraft(tmux, pane, options.promptLine);
    if (draft) throw new DraftInTheWay(options.label ?? pane, draft);
  }
  if (needsPaste(text)) await tmux.paste(pane, text);
  else if (text !== "") await tmux.sendLiteral(pane, text);
  if (!options.enter) return { enters: 0 };
  await sleep(options.settleMs ?? 300);
  const before = await tmux.capture(pane);
  await tmux.sendKeys(pane, ["Enter"]);
  let enters = 1;
  for (let attempt = 0; attempt < (options.retries ?? 2); attempt++) {
    await sleep(options.checkMs ?? 400);
    if (options.submitted?.()) break;
    // A pane that closed on Enter (e.g. "/exit") took the submission.
    const after = await tmux.tryCapture(pane);
    // One line in a known input line: pending while it sits there (Codex's "$skill" list takes the
    // first Enter, changing the screen); otherwise pending while nothing changed.
    const pending = after !== null && (options.promptLine && !text.includes("\n")
      ? inPromptLine(after, text, options.promptLine)
      : (options.whileInPrompt === true || after === before) && stillInPrompt(after, text));
    if (!pending) break;
    // An agent that ended on this Enter (its launcher now waits for a key to close the pane) took it.
    if ((await tmux.query(pane, "#{@agentmux-exit}")) !== "") break;
    await tmux.sendKeys(pane, ["Enter"]);
    enters++;
  }
  return { enters };
}
