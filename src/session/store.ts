import { basename } from "node:path";
import type { PaneRecord } from "../tmux/formats.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { places, serverKey } from "../util/paths.ts";
import { displayNames } from "./display-name.ts";
import { exitedFile, readExited, type ExitedSession } from "./exited.ts";
import { sessionFromPane, type Session } from "./identity.ts";
import { resolveTarget } from "./target.ts";

export interface NamedSession extends Session { name: string }

export interface ListOptions {
  backendSuffix?: boolean;
  includeExited?: boolean;
  /** The server's panes, when the caller listed them already (or is listing them). */
  panes?: Promise<PaneRecord[]> | PaneRecord[];
}

/** Every agentmux session on the server, named; with includeExited, those whose pane is gone too. */
export async function listSessions(tmux: Tmux, options: ListOptions = {}): Promise<NamedSession[]> {
  // The server's identity is asked at the same time as its panes: each is a tmux process to wait for.
  const [panes, server] = await Promise.all([options.panes ?? tmux.listPanes(), options.includeExited ? tmux.serverPlace() : null]);
  const sessions = panes.map(sessionFromPane).filter((s): s is Session => s !== null);
  const names = displayNames(sessions, options);
  const live: NamedSession[] = sessions.map((s) => ({ ...s, name: names.get(s.pane) ?? s.pane }));
  if (!server) return live;
  const file = exitedFile(places().stateDir, serverKey(server.socket));
  const livePanes = new Set(live.map((s) => s.pane));
  const liveNames = new Set(live.map((s) => s.name));
  const gone = readExited(file, server.id).filter((e) => !livePanes.has(e.pane)).map((e) => fromExited(e, liveNames, options.backendSuffix ?? false));
  return [...live, ...gone];
}

function fromExited(e: ExitedSession, taken: Set<string>, backendSuffix: boolean): NamedSession {
  let name = e.label || `${basename(e.dir) || e.pane}${e.instance ? `:${e.instance}` : ""}${backendSuffix ? `@${e.backend}` : ""}`;
  if (taken.has(name)) name = `${name}:${e.pane}`;
  return {
    pane: e.pane, backend: e.backend, account: e.account, dir: e.dir, instance: e.instance, id: e.id, tokenHash: "", label: e.label,
    group: e.group, forkedFrom: "", parent: "", side: "", launch: {}, state: "exited", background: false, stateSince: e.endedAt, startedAt: e.startedAt, dead: true, deadStatus: e.exitStatus,
    title: "", command: "", pid: null, tmuxSession: "", window: "", windowIndex: "", active: false, name,
  };
}

export async function findSession(tmux: Tmux, target: string, options: ListOptions = {}): Promise<NamedSession> {
  return resolveTarget(target, await listSessions(tmux, options));
}
