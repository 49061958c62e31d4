import type { Command } from "commander";
import { requestWithRetry } from "../daemon/client.ts";
import { MAX_PUBLISH } from "../daemon/protocol.ts";
import { AgentmuxError } from "../util/errors.ts";

/** `agentmux publish TEXT...` (agents run it in their turns): the fast path calls it without commander. */
export async function runPublish(words: string[]): Promise<void> {
  const text = words.join(" ");
  const pane = process.env["AGENTMUX_SESSION"] ?? "";
  const token = process.env["AGENTMUX_TOKEN"] ?? "";
  const sock = process.env["AGENTMUX_SOCK"] ?? "";
  if (!pane || !token || !sock) throw new AgentmuxError("publish runs inside an agentmux session (AGENTMUX_SESSION, AGENTMUX_TOKEN and AGENTMUX_SOCK are not set)", { hint: "start the agent with agentmux new" });
  if ([...text].length > MAX_PUBLISH) throw new AgentmuxError(`the status is ${[...text].length} characters long; at most ${MAX_PUBLISH} fit`, { hint: "shorten it" });
  const answer = await requestWithRetry(sock, { op: "publish", pane, token, text }, 4000);
  if (!answer.ok) throw new AgentmuxError(answer.error, answer.hint ? { hint: answer.hint } : {});
}

export function registerPublish(program: Command): void {
  program
    .command("publish")
    .description(`publish this session's status line (at most ${MAX_PUBLISH} characters; empty clears)`)
    .argument("[text...]", "the status text")
    .action((words: string[]) => runPublish(words));
}
