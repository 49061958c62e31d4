import { promptLineOf } from "../backends/index.ts";
import type { Config } from "../config/config.ts";
import { killPanes } from "../daemon/asks.ts";
import { request } from "../daemon/client.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { sendText } from "../session/send.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { sleep } from "../util/sleep.ts";
import { parentOf } from "./side-family.ts";
import { historyOf, historyPlace } from "./side-plan.ts";
import { handbackPrompt } from "./side-policy.ts";
import { appendedDraft, typedInInputLine } from "./side-quote.ts";

export interface ConcludeResult { side: string; parent: string; parentName: string; summary: string }

/** How long the answer may take to reach the transcript after the turn ended. */
const TRANSCRIPT_MS = 10_000;

/**
 * Hand a side conversation's findings back: ask it for a summary (the guarded submit), wait for that
 * turn to end (the daemon's wait), read the answer from its transcript, type it into the parent's
 * input line after whatever is typed there (never submitted), then close the side through the
 * daemon. An empty answer, or a parent gone by then, leaves the side open and throws.
 */
export async function concludeSide(tmux: Tmux, side: NamedSession, config: Config, options: { timeoutMs: number; typed?: (pane: string, at: number) => Promise<void> }): Promise<ConcludeResult> {
  const leftOpen = (why: string, hint: string) => new AgentmuxError(`${side.name} (${side.pane}) stays open: ${why}`, { hint, exitCode: EXIT.failure });
  if (!side.side) throw new AgentmuxError(`${side.name} (${side.pane}) is not a side conversation`, { hint: "run it in a side pane, or name one: agentmux side list" });
  if (side.dead) throw leftOpen("it has exited", "nothing can be asked of it; close it with agentmux side dismiss");
  const { history } = historyOf(side, "conclude");
  if (!side.id) throw leftOpen("its native session id is not known yet", "wait until its agent has started, then try again");
  const parentNow = () => listSessions(tmux).then((all) => parentOf(side, all));
  if (!(await parentNow())) throw leftOpen(side.parent ? `its parent ${side.parent} is gone` : "it has no parent (it was resumed on its own)", "read its answer here, or close it with agentmux side dismiss");
  const place = historyPlace(config, side, side.startedAt);
  const before = history.lastAnswer(side.id, place);
  const { layout } = await ensureDaemon(tmux);
  // The waiter is registered before the prompt goes in, so a quick turn cannot end unseen; and it
  // is answered only by a "waiting" reached after this moment, not by the side's earlier turn (a
  // side that was waiting already answered at once, and a summary slower than the transcript
  // allowance below came back empty).
  const at = Date.now();
  const turn = request(layout.socket, { op: "wait", panes: [side.pane], state: "waiting", timeoutMs: options.timeoutMs, after: at }, options.timeoutMs + 5000);
  turn.catch(() => undefined);
  await sleep(150);
  await sendText(tmux, side.pane, handbackPrompt(config), { enter: true, promptLine: promptLineOf(side.backend) });
  await options.typed?.(side.pane, at);
  const reply = await turn;
  if (!reply.ok) throw leftOpen(`its summary did not come: ${reply.error}`, reply.timedOut ? "raise --timeout, or run conclude again once it has answered" : "look at the side pane");
  let summary = history.lastAnswer(side.id, place);
  for (const deadline = Date.now() + TRANSCRIPT_MS; (summary === null || summary === before) && Date.now() < deadline; summary = history.lastAnswer(side.id, place)) await sleep(150);
  if (summary === null || summary === before || summary.trim() === "") throw leftOpen("its summary came back empty", "ask it again in the side pane, or close it with agentmux side dismiss");
  const parent = await parentNow();
  if (!parent) throw leftOpen("its parent went away while it summarised", "the summary is the side's last answer; copy it from there");
  const screen = await tmux.capture(parent.pane);
  await sendText(tmux, parent.pane, appendedDraft(typedInInputLine(screen, promptLineOf(parent.backend)), summary), { enter: false });
  await killPanes(tmux, [side.pane]);
  return { side: side.pane, parent: parent.pane, parentName: parent.name, summary };
}
