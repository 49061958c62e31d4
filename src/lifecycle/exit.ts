import { request } from "../daemon/client.ts";
import { ensureDaemon } from "../daemon/start.ts";
import type { NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { AgentmuxError } from "../util/errors.ts";

/** How `agentmux exit` went: closed, or the before-exit chain's phase (with what it is doing). */
export interface ExitAnswer { result: string; state: string; already: boolean }

/**
 * `agentmux exit`: a session that has exited only has its pane left to close; a live one is
 * handed to the daemon, which runs its before-exit chain (exit-driver.ts) or, with now, closes it.
 */
export async function exitSession(tmux: Tmux, session: NamedSession, now: boolean): Promise<ExitAnswer> {
  if (session.dead && !session.window) return { result: "closed", state: "it had exited and its pane is gone", already: true };
  if (session.dead) {
    // The process ended already (its pane kept to show why): only the pane is left to close.
    await tmux.killPane(session.pane);
    return { result: "closed", state: "its process had exited: the pane is removed", already: false };
  }
  const { layout } = await ensureDaemon(tmux);
  const response = await request(layout.socket, { op: "exit", pane: session.pane, now });
  if (!response.ok) throw new AgentmuxError(response.error, response.hint === undefined ? {} : { hint: response.hint });
  return { result: String(response["result"]), state: String(response["state"]), already: response["already"] === true };
}
