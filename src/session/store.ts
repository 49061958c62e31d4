import type { Tmux } from "../tmux/tmux.ts";
import { displayNames } from "./display-name.ts";
import { sessionFromPane, type Session } from "./identity.ts";
import { resolveTarget } from "./target.ts";

export interface NamedSession extends Session { name: string }

/** Every agentmux session on the server, named. */
export async function listSessions(tmux: Tmux, options: { backendSuffix?: boolean } = {}): Promise<NamedSession[]> {
  const sessions = (await tmux.listPanes()).map(sessionFromPane).filter((s): s is Session => s !== null);
  const names = displayNames(sessions, options);
  return sessions.map((s) => ({ ...s, name: names.get(s.pane) ?? s.pane }));
}

export async function findSession(tmux: Tmux, target: string, options: { backendSuffix?: boolean } = {}): Promise<NamedSession> {
  return resolveTarget(target, await listSessions(tmux, options));
}
