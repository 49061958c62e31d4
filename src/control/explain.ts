import { request } from "../daemon/client.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { ControlDeps } from "./deps.ts";

/** `explain TARGET`: the daemon's account of why a live session is in its state (each channel's latest word, the rule that decided). */
export async function explainSession(deps: ControlDeps, target: string): Promise<{ name: string; [key: string]: unknown }> {
  const session = await findSession(deps.tmux, target, { includeExited: true });
  if (!session.window) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited and its pane is gone`, { hint: "agentmux list shows how it ended" });
  const { layout } = await ensureDaemon(deps.tmux);
  const response = await request(layout.socket, { op: "explain", pane: session.pane });
  if (!response.ok) throw new AgentmuxError(response.error, response.hint === undefined ? {} : { hint: response.hint });
  return { name: session.name, ...response };
}
