import { request } from "../daemon/client.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { STATES } from "../core/states.ts";
import { findSession } from "../session/store.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import type { ControlDeps } from "./deps.ts";
import { groupMembers } from "./groups.ts";

/** A state a session can be waited for: one of STATES. */
export function checkState(state: string): void {
  if (!(STATES as readonly string[]).includes(state)) throw new AgentmuxError(`unknown state "${state}"`, { hint: `use one of ${STATES.join(", ")}` });
}

export interface WaitRequest { target?: string | undefined; group?: string | undefined; state: string; timeoutSeconds: number }

/**
 * `wait TARGET|--group G --state S`: until the session (or the first member of the group) is in
 * state S, answered at once when one is already, else by the daemon's waiters (started if it is not
 * running). A timeout (exit 75), an unknown state, or every session exiting first is an error.
 */
export async function waitForState(deps: ControlDeps, req: WaitRequest): Promise<Record<string, unknown>> {
  checkState(req.state);
  if (!req.target === !req.group) throw new AgentmuxError("wait takes a TARGET or a group", { hint: "e.g. agentmux wait build --state blocked" });
  const sessions = req.group ? await groupMembers(deps, req.group) : [await findSession(deps.tmux, req.target ?? "", { includeExited: true })];
  const done = sessions.find((s) => s.state === req.state);
  if (done) return { ok: true, pane: done.pane, state: done.state };
  const running = sessions.filter((s) => !s.dead);
  if (running.length === 0) throw new AgentmuxError(`${sessions.map((s) => s.name).join(", ")} exited before reaching ${req.state}`);
  const { layout } = await ensureDaemon(deps.tmux);
  const timeoutMs = req.timeoutSeconds * 1000;
  const reply = await request(layout.socket, { op: "wait", panes: running.map((s) => s.pane), state: req.state, timeoutMs }, timeoutMs + 5000);
  if (!reply.ok) throw new AgentmuxError(reply.error, { ...(reply.hint ? { hint: reply.hint } : {}), ...(reply.timedOut ? { exitCode: EXIT.timeout } : {}) });
  return reply;
}
