import { adoptServerHomes } from "../accounts/server-homes.ts";
import type { ConversationTurn } from "../backends/shared/types.ts";
import { sessionTurns } from "../lifecycle/session-records.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { stripAnsi, trimScreen } from "../util/text.ts";
import type { ControlDeps } from "./deps.ts";

/** `read TARGET [-n N]`: a session's screen (or its last N lines, scrollback included) as plain text. */
export async function readScreen(deps: ControlDeps, target: string, tail?: number): Promise<{ pane: string; name: string; text: string }> {
  const session = await findSession(deps.tmux, target, { includeExited: true });
  if (!session.window) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited and its pane is gone`, { hint: "nothing is left to read" });
  const raw = await deps.tmux.capture(session.pane, tail === undefined ? {} : { history: tail });
  let text = trimScreen(stripAnsi(raw));
  if (tail !== undefined) text = text.split("\n").slice(-tail).join("\n");
  return { pane: session.pane, name: session.name, text };
}

/** `read TARGET --transcript [--last N]`: the conversation from the CLI's own records, not the screen. */
export async function readTranscript(deps: ControlDeps, target: string, last?: number): Promise<{ pane: string; name: string; turns: ConversationTurn[] }> {
  const session = await findSession(deps.tmux, target, { includeExited: true });
  // The agent writes its records where the server's environment points (CLAUDE_CONFIG_DIR, CODEX_HOME).
  await adoptServerHomes(deps.tmux);
  return { pane: session.pane, name: session.name, turns: sessionTurns(deps.config, session, last) };
}
