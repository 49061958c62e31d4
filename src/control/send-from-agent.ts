import { adoptServerHomes } from "../accounts/server-homes.ts";
import { promptLineOf } from "../backends/index.ts";
import { tellTyped } from "../daemon/typed-client.ts";
import { agentHeader, messageRef, unrecordedError, waitForRecord, withHeader, type Sender } from "../lifecycle/agent-message.ts";
import { recordsRefusal, sessionRecords } from "../lifecycle/session-records.ts";
import { callerSession, verified } from "../session/caller.ts";
import { sendText } from "../session/send.ts";
import { listSessions, type NamedSession } from "../session/store.ts";
import { resolveTarget } from "../session/target.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import type { ControlDeps } from "./deps.ts";

/**
 * The session the caller runs in (its pane and display name), or null outside every agentmux
 * session: from its process ancestry and terminal, never from its environment alone (an agent could
 * set AGENTMUX_SESSION to another session's pane and speak in its name). `pane` is any session it
 * runs in or claims to, which it may not message (an agent never messages itself by mistake).
 */
export async function senderOf(deps: Pick<ControlDeps, "tmux">, sessions: readonly NamedSession[]): Promise<{ sender: Sender; pane: string | null }> {
  const inside = await callerSession(deps.tmux);
  const from = verified(inside);
  const own = from ? sessions.find((s) => s.pane === from.pane) : undefined;
  return { sender: own ? { name: own.name, pane: own.pane } : null, pane: inside?.pane ?? null };
}

export interface AgentMessage { ok: true; pane: string; name: string; ref: string; recorded: true; from: Sender; transcript: string }

/**
 * `send --from-agent TARGET`: the text with a header naming the sending agent, typed and submitted
 * with send's guarded submit, confirmed only when the recipient's own records (Claude's transcript,
 * Codex's rollout) hold the header. Everything that can be refused is refused before anything is
 * typed. `timeout` is in seconds (default: send.confirmTimeout).
 */
export async function sendFromAgent(deps: ControlDeps, target: string, text: string, timeout?: number): Promise<AgentMessage> {
  if (text.trim() === "") throw new AgentmuxError("no message to send", { hint: "give the text as arguments, or on standard input (TEXT '-' or nothing)", exitCode: EXIT.usage });
  const sessions = await listSessions(deps.tmux, { backendSuffix: deps.config.display.backendSuffix, includeExited: true });
  const recipient = resolveTarget(target, sessions);
  if (recipient.dead) throw new AgentmuxError(`session ${recipient.name} (${recipient.pane}) has exited`, { hint: "start it again with agentmux new, or pick a live one from agentmux send --list" });
  const { sender, pane } = await senderOf(deps, sessions);
  if (pane === recipient.pane) throw new AgentmuxError(`${recipient.name} (${recipient.pane}) is the session sending the message`, { hint: "name another session; agentmux send --list shows them" });
  // A dialog takes keys: the message's Enter would answer it (approve a tool, pick an option).
  if (recipient.state === "blocked") throw new AgentmuxError(`${recipient.name} (${recipient.pane}) is blocked on a dialog (a permission or a question): the message's Enter would answer it`, { hint: `agentmux read ${recipient.pane} shows the dialog; send again once it is answered` });
  // The recipient writes its records where the server's environment points (CLAUDE_CONFIG_DIR, CODEX_HOME).
  await adoptServerHomes(deps.tmux);
  const records = sessionRecords(deps.config, recipient, "confirm a message to");
  const seconds = timeout ?? deps.config.send.confirmTimeout;
  const ref = messageRef();
  const header = agentHeader(sender, ref);
  const typing = Date.now();
  await sendText(deps.tmux, recipient.pane, withHeader(header, text), { enter: true, promptLine: promptLineOf(recipient.backend), label: `${recipient.name} (${recipient.pane})` });
  await tellTyped(deps.tmux, recipient.pane, "submit", typing);
  if (!(await waitForRecord(records, header, { timeoutMs: seconds * 1000 }))) throw unrecordedError(recipient, records.label, seconds);
  return { ok: true, pane: recipient.pane, name: recipient.name, ref, recorded: true, from: sender, transcript: records.label };
}

export interface Addressable { name: string; pane: string; backend: string; state: string | null; dir: string; confirms: boolean }

/** `send --list`: the live sessions an agent may address, without the caller's own; `confirms`: its records can confirm a message. */
export async function addressableSessions(deps: ControlDeps): Promise<Addressable[]> {
  const sessions = await listSessions(deps.tmux, { backendSuffix: deps.config.display.backendSuffix });
  const { pane } = await senderOf(deps, sessions);
  return sessions.filter((s) => !s.dead && s.pane !== pane)
    .map((s) => ({ name: s.name, pane: s.pane, backend: s.backend, state: s.state === "unknown" ? null : s.state, dir: s.dir, confirms: recordsRefusal(s) === null }));
}
