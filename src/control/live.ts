import { findSession, type NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { ControlDeps } from "./deps.ts";

/** A session to type into: found by TARGET, still running, and not `exceptPane` (the caller's own, where it may not act on itself). */
export async function liveSession(deps: Pick<ControlDeps, "tmux">, target: string, exceptPane?: string | null): Promise<NamedSession> {
  const session = await findSession(deps.tmux, target, { includeExited: true });
  if (session.dead) throw new AgentmuxError(`session ${session.name} (${session.pane}) has exited`, { hint: "start it again with agentmux new" });
  refuseOwn(session, exceptPane);
  return session;
}

/** An agent never acts on its own session by mistake: its own pane named as the target is refused. */
export function refuseOwn(session: { name: string; pane: string }, ownPane: string | null | undefined): void {
  if (ownPane !== undefined && ownPane !== null && session.pane === ownPane) {
    throw new AgentmuxError(`${session.name} (${session.pane}) is the caller's own session`, { hint: "name another session; list_sessions (agentmux list) shows them" });
  }
}
