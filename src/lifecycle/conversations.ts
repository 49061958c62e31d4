import { accountHomes, homeEnv } from "../accounts/home-env.ts";
import { BACKEND_NAMES, getBackend, isBackendName } from "../backends/index.ts";
import type { ConversationHeader, HistorySupport } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import { ensureDaemon } from "../daemon/start.ts";
import { launchSession, prepareLaunch, type NewSessionRequest } from "../session/launch.ts";
import type { NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { readRegistry, registryFile, type RestoreEntry } from "../session/restore-registry.ts";
import { AgentmuxError, isAgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import type { ConversationRow } from "./conversation-rows.ts";
import { familyTree } from "../branch/family.ts";
import { orWords, WITH_HISTORY } from "../backends/capable.ts";

type Env = Record<string, string | undefined>;

/** How far back resume reads a conversation store too large to read whole. */
const RECENT_DAYS = 30;

/** Most directories a family scan reads (the session's and those of other sessions of its backend). */
const MAX_DIRS = 16;

/** The pane of a live session holding a conversation, or null. */
export function livePaneOf(sessions: readonly NamedSession[], backend: string, id: string): string | null {
  return sessions.find((s) => !s.dead && s.backend === backend && s.id === id)?.pane ?? null;
}

/**
 * I/O: the family of the session's conversation (branches): the conversations of its backend in
 * its directory and in those of the server's other sessions of that backend, read from its
 * account's home; parents the files do not tell come from the sessions' @agentmux-forked-from.
 * Throws when its backend keeps no conversations agentmux can read.
 */
export function familyRows(config: Config, session: NamedSession, sessions: readonly NamedSession[], env: Env = process.env): ConversationRow[] {
  const refuse = (why: string, hint: string) => new AgentmuxError(`cannot show the branches of ${session.name} (${session.pane}): ${why}`, { hint });
  const backend = isBackendName(session.backend) ? getBackend(session.backend) : undefined;
  if (!backend?.history) throw refuse(`agentmux cannot read ${backend?.label ?? session.backend}'s conversations`, `branches are known for ${orWords(WITH_HISTORY)} sessions`);
  if (!session.id) throw refuse("its native session id is not known yet", "wait until the agent has reported its session (its first hook), then try again");
  const kin = sessions.filter((s) => s.backend === session.backend);
  const dirs = [...new Set([session.dir, ...kin.map((s) => s.dir)])].slice(0, MAX_DIRS);
  const homeOf = homeEnv(config, session.backend, session.account, env);
  const known = new Map(kin.filter((s) => s.id && s.forkedFrom).map((s) => [s.id, s.forkedFrom]));
  // Every relative began after the oldest ancestor: the bound of a scan of a store all directories share (Codex's).
  const since = familyStart(backend.history, session.id, known, homeOf);
  const headers: ConversationHeader[] = [];
  for (const dir of dirs) {
    const found = backend.history.conversations({ dir, since, env: homeOf });
    if (found === null && dir === session.dir) throw refuse(`its conversations in ${dir} could not be read (too many files, or an unreadable store)`, "see agentmux daemon logs");
    headers.push(...(found ?? []));
  }
  const sessionOf = new Map(kin.filter((s) => s.id).map((s) => [s.id, s]));
  return familyTree(headers, session.id, known).map((m) => ({
    id: m.id, backend: session.backend, account: sessionOf.get(m.id)?.account ?? session.account, dir: m.header?.dir ?? sessionOf.get(m.id)?.dir ?? "", firstPrompt: m.header?.firstPrompt ?? "",
    time: m.header?.updatedAt ?? null, livePane: livePaneOf(sessions, session.backend, m.id), current: m.current, depth: m.depth, gone: m.header === null && livePaneOf(sessions, session.backend, m.id) === null,
  }));
}

/** I/O: when the oldest ancestor of id that can be found began (each looked up by its id, which needs no scan of the whole store); null when none says. */
function familyStart(history: HistorySupport, id: string, known: ReadonlyMap<string, string>, env: Env): number | null {
  let start: number | null = null;
  const seen = new Set<string>();
  for (let at: string | undefined = id; at !== undefined && !seen.has(at) && seen.size < 64;) {
    seen.add(at);
    const header = history.find(at, { dir: null, since: null, env });
    if (header?.startedAt != null) start = start === null ? header.startedAt : Math.min(start, header.startedAt);
    at = header?.parent || known.get(at);
  }
  return start;
}

export interface ResumeQuery { backend?: string | undefined; dir: string | null; account?: string | undefined }

/** The account each conversation ran under, as agentmux recorded it ("backend\0id" → account): its sessions (live and exited) and the restore registry. */
export function recordedAccounts(sessions: readonly NamedSession[], stateDir = places().stateDir): Map<string, string> {
  const accounts = new Map<string, string>();
  let registry: RestoreEntry[] = [];
  try { registry = readRegistry(registryFile(stateDir)).servers.flatMap((s) => s.sessions); } catch { /* unreadable: the sessions alone */ }
  for (const s of [...registry, ...sessions]) if (s.id && s.account) accounts.set(`${s.backend}\0${s.id}`, s.account);
  return accounts;
}

/**
 * I/O: past conversations (resume), newest first: of dir (null: every directory), of every backend
 * that keeps readable conversations (or the one named), read in each account's home and the CLI's
 * own. Each carries the account it ran under: as agentmux recorded it, else the one home that
 * holds it (a store the homes share, as Claude's projects and Codex's sessions usually are, tells
 * nothing: then "", the CLI's own home).
 */
export function pastConversations(config: Config, query: ResumeQuery, sessions: readonly NamedSession[], options: { env?: Env; recorded?: Map<string, string>; notes?: string[]; now?: number } = {}): ConversationRow[] {
  const { env = process.env, recorded = recordedAccounts(sessions), notes = [], now = Date.now() } = options;
  if (query.backend && !getBackend(query.backend).history) {
    throw new AgentmuxError(`agentmux cannot read ${getBackend(query.backend).label}'s past conversations`, { hint: `resume a ${orWords(WITH_HISTORY)} conversation, or resume it with the CLI itself` });
  }
  const names = query.backend ? [getBackend(query.backend).name] : BACKEND_NAMES.filter((b) => getBackend(b).history);
  const rows: ConversationRow[] = [];
  for (const name of names) {
    const history = getBackend(name).history;
    if (!history) continue;
    const found = new Map<string, { header: ConversationHeader; homes: string[] }>();
    for (const home of accountHomes(config, name, env)) {
      // A store too large to scan whole (Codex keeps every directory's in one) is read for its last RECENT_DAYS days.
      let headers = history.conversations({ dir: query.dir, since: null, env: home.env });
      if (headers === null) {
        headers = history.conversations({ dir: query.dir, since: now - RECENT_DAYS * 86_400_000, env: home.env });
        notes.push(`${name}${home.account ? ` (account ${home.account})` : ""}: too many conversations to read them all; only those of the last ${RECENT_DAYS} days are listed`);
      }
      for (const header of headers ?? []) {
        const entry = found.get(header.id) ?? { header, homes: [] };
        entry.homes.push(home.account);
        found.set(header.id, entry);
      }
    }
    for (const { header: h, homes } of found.values()) {
      const account = recorded.get(`${name}\0${h.id}`) ?? (homes.length === 1 ? homes[0] ?? "" : "");
      if (query.account !== undefined && account !== query.account) continue;
      rows.push({ id: h.id, backend: name, account, dir: h.dir, firstPrompt: h.firstPrompt, time: h.updatedAt, livePane: livePaneOf(sessions, name, h.id), current: false, depth: 0, gone: false });
    }
  }
  return rows.sort((a, b) => (b.time ?? 0) - (a.time ?? 0));
}

/**
 * Go to a conversation: a live one's pane is shown (jump answers); a past one resumes in a window
 * of its own, in its directory, under the account it ran under. Answers the pane and whether it
 * was started.
 */
export async function openConversation(tmux: Tmux, config: Config, row: ConversationRow, jump: (pane: string) => Promise<void>): Promise<{ pane: string; resumed: boolean }> {
  if (row.livePane) {
    await jump(row.livePane);
    return { pane: row.livePane, resumed: false };
  }
  if (row.gone) throw new AgentmuxError(`conversation ${row.id} is gone (its files were deleted)`, { hint: "pick another one" });
  const request: NewSessionRequest = { backend: row.backend, dir: row.dir, account: row.account || undefined, submit: true, split: false, mode: { kind: "resume", id: row.id } };
  const refuse = (why: string, hint: string) => new AgentmuxError(`cannot resume ${row.backend} conversation ${row.id}: ${why}`, { hint });
  let prepared;
  try {
    prepared = prepareLaunch(request, config, row.dir);
  } catch (error) {
    if (isAgentmuxError(error)) throw refuse(error.message, error.hint ?? "fix it and try again");
    throw error;
  }
  if ((prepared.account ?? "") !== row.account) {
    throw refuse(`it ran under ${row.account || "the CLI's own home"}, but would start under ${prepared.account ?? "the CLI's own home"}`, "check the directory rules and the account selection");
  }
  await ensureDaemon(tmux).catch(() => undefined);
  const launched = await launchSession(tmux, request, prepared);
  return { pane: launched.pane, resumed: true };
}
