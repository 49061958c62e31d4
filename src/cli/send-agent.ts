import { block, out, shown } from "../util/terminal-text.ts";
import { addressableSessions, sendFromAgent } from "../control/send-from-agent.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { printJson, type Context } from "./context.ts";
import { formatTable } from "./list.ts";

/** `--timeout SECONDS`: a positive number. */
export function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new AgentmuxError(`--timeout ${value} is not a positive number of seconds`, { hint: "e.g. --timeout 120", exitCode: EXIT.usage });
  return n;
}

export interface SendOptions { enter: boolean; fromAgent?: boolean; timeout?: number; list?: boolean; json?: boolean }

/** Flags of send that do not go together: a usage error naming them. */
export function checkSendFlags(target: string | undefined, options: SendOptions): void {
  const usage = (message: string, hint: string) => new AgentmuxError(message, { hint, exitCode: EXIT.usage });
  if (options.list && (target !== undefined || options.fromAgent)) throw usage("send --list takes no TARGET, text or --from-agent", "agentmux send --list [--json]");
  if (options.timeout !== undefined && !options.fromAgent) throw usage("--timeout is how long --from-agent waits for the transcript", "add --from-agent, or leave --timeout out");
  if (options.fromAgent && !options.enter) throw usage("--from-agent submits the message: it cannot go with --no-enter", "leave --no-enter out");
}

export interface FromAgentOptions { timeout?: number | undefined; json?: boolean | undefined }

/** `send --from-agent TARGET`: control/send-from-agent.ts sends it and waits for the recipient's records. */
export async function runSendFromAgent(ctx: Context, target: string, text: string, options: FromAgentOptions): Promise<void> {
  const sent = await sendFromAgent(ctx, target, text, options.timeout);
  if (options.json) printJson({ ok: true, pane: sent.pane, name: sent.name, ref: sent.ref, recorded: true, from: sent.from });
  else out(shown`ok: ${sent.name} (${sent.pane}) received the message; its ${sent.transcript} transcript recorded it\n`);
}

/** `send --list`: the live sessions an agent may address, without the caller's own. */
export async function runSendList(ctx: Context, json: boolean): Promise<void> {
  const rows = await addressableSessions(ctx);
  if (json) { printJson(rows); return; }
  if (rows.length === 0) { out(shown`no other live agent sessions (start one with: agentmux new)\n`); return; }
  const table = [["PANE", "NAME", "BACKEND", "STATE", "CONFIRMS", "DIR"], ...rows.map((r) => [r.pane, r.name, r.backend, r.state ?? "-", r.confirms ? "yes" : "no", r.dir])];
  out(shown`${block(formatTable(table))}\n`);
}
