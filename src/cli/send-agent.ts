import { adoptServerHomes } from "../accounts/server-homes.ts";
import { block, out, shown } from "../util/terminal-text.ts";
import { promptLineOf } from "../backends/index.ts";
import { agentHeader, messageRef, unrecordedError, waitForRecord, withHeader, type Sender } from "../lifecycle/agent-message.ts";
import { recordsRefusal, sessionRecords } from "../lifecycle/session-records.ts";
import { callerSession, verified } from "../session/caller.ts";
import { sendText } from "../session/send.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import { resolveTarget } from "../session/target.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { printJson, type Context } from "./context.ts";
import { formatTable } from "./list.ts";
import { notifyTyped } from "./typed.ts";

/**
 * The session the caller runs in (its pane and display name), or null outside every agentmux
 * session: from its process ancestry and terminal, never from its environment alone (an agent could
 * set AGENTMUX_SESSION to another session's pane and speak in its name). `pane` is any session it
 * runs in or claims to, which it may not message (an agent never messages itself by mistake).
 */
async function senderOf(ctx: Context, sessions: readonly NamedSession[]): Promise<{ sender: Sender; pane: string | null }> {
  const inside = await callerSession(ctx.tmux);
  const from = verified(inside);
  const own = from ? sessions.find((s) => s.pane === from.pane) : undefined;
  return { sender: own ? { name: own.name, pane: own.pane } : null, pane: inside?.pane ?? null };
}

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

/**
 * `send --from-agent TARGET`: the text with a header naming the sending agent, typed and submitted
 * with send's guarded submit, confirmed only when the recipient's own records (Claude's transcript,
 * Codex's rollout) hold the header. Everything that can be refused is refused before anything is typed.
 */
export async function runSendFromAgent(ctx: Context, target: string, text: string, options: FromAgentOptions): Promise<void> {
  if (text.trim() === "") throw new AgentmuxError("no message to send", { hint: "give the text as arguments, or on standard input (TEXT '-' or nothing)", exitCode: EXIT.usage });
  const sessions = await listSessions(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix, includeExited: true });
  const recipient = resolveTarget(target, sessions);
  if (recipient.dead) throw new AgentmuxError(`session ${recipient.name} (${recipient.pane}) has exited`, { hint: "start it again with agentmux new, or pick a live one from agentmux send --list" });
  const { sender, pane } = await senderOf(ctx, sessions);
  if (pane === recipient.pane) throw new AgentmuxError(`${recipient.name} (${recipient.pane}) is the session sending the message`, { hint: "name another session; agentmux send --list shows them" });
  // A dialog takes keys: the message's Enter would answer it (approve a tool, pick an option).
  if (recipient.state === "blocked") throw new AgentmuxError(`${recipient.name} (${recipient.pane}) is blocked on a dialog (a permission or a question): the message's Enter would answer it`, { hint: `agentmux read ${recipient.pane} shows the dialog; send again once it is answered` });
  // The recipient writes its records where the server's environment points (CLAUDE_CONFIG_DIR, CODEX_HOME).
  await adoptServerHomes(ctx.tmux);
  const records = sessionRecords(ctx.config, recipient, "confirm a message to");
  const seconds = options.timeout ?? ctx.config.send.confirmTimeout;
  const ref = messageRef();
  const header = agentHeader(sender, ref);
  const typing = Date.now();
  await sendText(ctx.tmux, recipient.pane, withHeader(header, text), { enter: true, promptLine: promptLineOf(recipient.backend), label: `${recipient.name} (${recipient.pane})` });
  await notifyTyped(ctx, recipient.pane, "submit", typing);
  if (!(await waitForRecord(records, header, { timeoutMs: seconds * 1000 }))) throw unrecordedError(recipient, records.label, seconds);
  if (options.json) printJson({ ok: true, pane: recipient.pane, name: recipient.name, ref, recorded: true, from: sender });
  else out(shown`ok: ${recipient.name} (${recipient.pane}) received the message; its ${records.label} transcript recorded it\n`);
}

/** `send --list`: the live sessions an agent may address, without the caller's own. */
export async function runSendList(ctx: Context, json: boolean): Promise<void> {
  const sessions = await listSessions(ctx.tmux, { backendSuffix: ctx.config.display.backendSuffix });
  const { pane } = await senderOf(ctx, sessions);
  const others = sessions.filter((s) => !s.dead && s.pane !== pane);
  const rows = others.map((s) => ({ name: s.name, pane: s.pane, backend: s.backend, state: s.state === "unknown" ? null : s.state, dir: s.dir, confirms: recordsRefusal(s) === null }));
  if (json) { printJson(rows); return; }
  if (rows.length === 0) { out(shown`no other live agent sessions (start one with: agentmux new)\n`); return; }
  const table = [["PANE", "NAME", "BACKEND", "STATE", "CONFIRMS", "DIR"], ...rows.map((r) => [r.pane, r.name, r.backend, r.state ?? "-", r.confirms ? "yes" : "no", r.dir])];
  out(shown`${block(formatTable(table))}\n`);
}
