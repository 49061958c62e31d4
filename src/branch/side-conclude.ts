import { promptLineOf } from "../backends/index.ts";
import type { HistoryPlace, HistorySupport } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import { killPanes } from "../daemon/asks.ts";
import { request } from "../daemon/client.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { DraftInTheWay, readDraft, sendText } from "../session/send.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { sleep } from "../util/sleep.ts";
import { parentOf } from "./side-family.ts";
import { historyOf, historyPlace } from "./side-plan.ts";
import { handbackPrompt } from "./side-policy.ts";
import { appendedDraft, typedInInputLine } from "./side-quote.ts";

/**
 * The side's answer to the handback prompt, from its conversation's turns (in conversation order):
 * the assistant's last text after the last user turn that holds the prompt, null while there is
 * none. Where the turns do not show the prompt (a store without turns, or the prompt recorded in
 * another form), its last answer when that differs from the one before the prompt.
 */
export function summaryOf(history: HistorySupport, id: string, place: HistoryPlace, prompt: string, before: string | null): string | null {
  const turns = history.turns?.(id, place) ?? [];
  let asked = -1;
  turns.forEach((t, i) => { if (t.role === "user" && t.text.includes(prompt)) asked = i; });
  if (asked >= 0) {
    const answers = turns.slice(asked + 1).filter((t) => t.role === "assistant");
    return answers.at(-1)?.text ?? null;
  }
  const last = history.lastAnswer(id, place);
  return last === null || last === before ? null : last;
}

/** read() until it answers a string, for at most TRANSCRIPT_MS; its last answer. */
async function settle(read: () => string | null): Promise<string | null> {
  let value = read();
  for (const deadline = Date.now() + TRANSCRIPT_MS; typeof value !== "string" && Date.now() < deadline; value = read()) await sleep(150);
  return value;
}

export interface ConcludeResult { side: string; parent: string; parentName: string; summary: string }

/** How long the answer may take to reach the transcript after the turn ended. */
const TRANSCRIPT_MS = 10_000;

/**
 * Hand a side conversation's findings back: ask it for a summary (the guarded submit), wait for that
 * turn to end (the daemon's wait), read the answer to it from its transcript, type it into the parent's
 * input line after whatever is typed there (never submitted), then close the side through the
 * daemon. An empty answer, or a parent gone by then, leaves the side open and throws.
 */
export async function concludeSide(tmux: Tmux, side: NamedSession, config: Config, options: { timeoutMs: number; typed?: (pane: string, at: number) => Promise<void> }): Promise<ConcludeResult> {
  const leftOpen = (why: string, hint: string) => new AgentmuxError(`${side.name} (${side.pane}) stays open: ${why}`, { hint, exitCode: EXIT.failure });
  if (!side.side) throw new AgentmuxError(`${side.name} (${side.pane}) is not a side conversation`, { hint: "run it in a side pane, or name one: agentmux side list" });
  if (side.dead) throw leftOpen("it has exited", "nothing can be asked of it; close it with agentmux side dismiss");
  const { history } = historyOf(side, "conclude");
  const id = side.id;
  if (!id) throw leftOpen("its native session id is not known yet", "wait until its agent has started, then try again");
  const parentNow = () => listSessions(tmux).then((all) => parentOf(side, all));
  if (!(await parentNow())) throw leftOpen(side.parent ? `its parent ${side.parent} is gone` : "it has no parent (it was resumed on its own)", "read its answer here, or close it with agentmux side dismiss");
  const place = historyPlace(config, side, side.startedAt);
  const before = history.lastAnswer(id, place);
  // A draft in the side's input line would go out with the hand-back prompt: refused before any
  // waiter is registered (sendText refuses it too, but a waiter left pending holds the verb open).
  const draft = await readDraft(tmux, side.pane, promptLineOf(side.backend));
  if (draft) throw new DraftInTheWay(`${side.name} (${side.pane})`, draft);
  const { layout } = await ensureDaemon(tmux);
  // The waiter is registered before the prompt goes in, so a quick turn cannot end unseen; and it
  // is answered only by a "waiting" reached after this moment, not by the side's earlier turn (a
  // side that was waiting already answered at once, and a summary slower than the transcript
  // allowance below came back empty).
  const at = Date.now();
  const waitFor = (after?: number) => request(layout.socket, { op: "wait", panes: [side.pane], state: "waiting", timeoutMs: options.timeoutMs, ...(after === undefined ? {} : { after }) }, options.timeoutMs + 5000);
  const turn = waitFor(at);
  turn.catch(() => undefined);
  await sleep(150);
  const prompt = handbackPrompt(config);
  await sendText(tmux, side.pane, prompt, { enter: true, promptLine: promptLineOf(side.backend) });
  await options.typed?.(side.pane, at);
  const turnEnded = (reply: Awaited<ReturnType<typeof waitFor>>): void => {
    if (!reply.ok) throw leftOpen(`its summary did not come: ${reply.error}`, reply.timedOut ? "raise --timeout, or run conclude again once it has answered" : "look at the side pane");
  };
  turnEnded(await turn);
  const read = () => summaryOf(history, id, place, prompt, before);
  let summary = await settle(read);
  // No answer yet: the turn that ended was not this one, or its answer is still being written. Once
  // the side is waiting again (at once if it is), the answer is read once more.
  if (summary === null) {
    turnEnded(await waitFor());
    summary = await settle(read);
  }
  if (summary === null || summary.trim() === "") throw leftOpen("its summary came back empty", "ask it again in the side pane, or close it with agentmux side dismiss");
  const parent = await parentNow();
  if (!parent) throw leftOpen("its parent went away while it summarised", "the summary is the side's last answer; copy it from there");
  const screen = await tmux.capture(parent.pane);
  await sendText(tmux, parent.pane, appendedDraft(typedInInputLine(screen, promptLineOf(parent.backend)), summary), { enter: false });
  await killPanes(tmux, [side.pane]);
  return { side: side.pane, parent: parent.pane, parentName: parent.name, summary };
}
