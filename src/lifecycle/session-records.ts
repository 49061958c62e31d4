import { BACKEND_NAMES, getBackend, isBackendName } from "../backends/index.ts";
import { orWords } from "../backends/capable.ts";
import type { ConversationTurn, HistoryPlace, HistorySupport } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import type { NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { historyPlace } from "../branch/side-plan.ts";

type Env = Record<string, string | undefined>;

/** Where a session's own records are read: its backend's reader, its native id, and the place (its directory, its account's home). */
export interface SessionRecords {
  history: HistorySupport & Required<Pick<HistorySupport, "turns" | "hasUserText">>;
  id: string;
  place: HistoryPlace;
  /** The CLI's name, for messages ("Claude Code"). */
  label: string;
}

/** The backends whose records agentmux reads turns and delivered messages from. */
export function recordsBackends(): string[] {
  return BACKEND_NAMES.filter((n) => getBackend(n).history?.turns !== undefined && getBackend(n).history?.hasUserText !== undefined);
}

/** Why a session's records cannot be read, or null when they can (pure; the --list column and the refusals share it). */
export function recordsRefusal(session: Pick<NamedSession, "backend" | "id">): { why: string; hint: string } | null {
  const backend = isBackendName(session.backend) ? getBackend(session.backend) : undefined;
  if (!backend?.history?.turns || !backend.history.hasUserText) {
    return { why: `agentmux reads no records of ${backend?.label ?? `"${session.backend}"`} sessions`, hint: `transcripts are read for ${orWords(recordsBackends())} sessions; read its screen with agentmux read TARGET` };
  }
  if (!session.id) return { why: "its native session id is not known yet", hint: "wait until the agent has reported its session (its first hook or prompt), then try again" };
  return null;
}

/** The session's records, or a refusal naming the session, why, and the fix. */
export function sessionRecords(config: Config, session: NamedSession, verb: string, env: Env = process.env): SessionRecords {
  const refusal = recordsRefusal(session);
  const backend = isBackendName(session.backend) ? getBackend(session.backend) : undefined;
  const history = backend?.history;
  if (refusal || !backend || !history?.turns || !history.hasUserText) {
    const { why, hint } = refusal ?? { why: "its records cannot be read", hint: "read its screen with agentmux read TARGET" };
    throw new AgentmuxError(`cannot ${verb} ${session.name} (${session.pane}): ${why}`, { hint });
  }
  return { history: { ...history, turns: history.turns, hasUserText: history.hasUserText }, id: session.id, place: historyPlace(config, session, null, env), label: backend.label };
}

/** I/O: the session's recorded turns (the last `last` when given); a refusal when none are found. */
export function sessionTurns(config: Config, session: NamedSession, last?: number, env: Env = process.env): ConversationTurn[] {
  const records = sessionRecords(config, session, "read the transcript of", env);
  const turns = records.history.turns(records.id, records.place);
  if (turns === null) {
    throw new AgentmuxError(`no ${records.label} records of ${session.name} (${session.pane}) were found (session ${records.id})`, {
      hint: "a session that has had no prompt yet has none; otherwise its account home or directory changed since it started",
    });
  }
  return last === undefined ? turns : turns.slice(-last);
}

/** Pure: turns as text, one `role: text` each; the lines after a turn's first are indented two spaces (empty ones stay empty). */
export function formatTurns(turns: readonly ConversationTurn[]): string {
  return turns.map((t) => `${t.role}: ${t.text.split("\n").map((line, i) => (i === 0 || line === "" ? line : `  ${line}`)).join("\n")}`).join("\n");
}
