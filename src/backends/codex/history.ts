import { rmSync } from "node:fs";
import { AgentmuxError } from "../../util/errors.ts";
import { isSafeId } from "../shared/history-text.ts";
import { dirSpellings } from "../shared/lineage-scan.ts";
import type { ConversationHeader, ConversationTurn, HistoryPlace, HistorySupport } from "../shared/types.ts";
import { agentText, readRolloutRecords, userText } from "./rollout.ts";
import { conversationsOf, listRollouts, rolloutHead, sessionsRoot } from "./rollouts.ts";
import { tomlString } from "./toml.ts";
import { rolloutTurns } from "./turns.ts";

// A fork reads its parent's history, which may itself be a fork's: followed this deep at most.
const MAX_BASES = 20;

const newestFirst = (a: ConversationHeader, b: ConversationHeader) => b.updatedAt - a.updatedAt;

/** Every conversation within place.since (all directories); null when the scan cannot tell (with newest: the latest LINEAGE_SCAN_LIMIT rollouts when there are more). */
function scan(place: HistoryPlace, newest = false): ConversationHeader[] | null {
  try {
    const files = listRollouts(sessionsRoot(place.env), place.since, ".jsonl", newest);
    return files && conversationsOf(files);
  } catch (error) {
    // No sessions directory yet: no conversations.
    if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") return [];
    return null;
  }
}

/** The conversations that ran in place.dir (null: every directory; then the latest LINEAGE_SCAN_LIMIT rollouts when there are more), newest first. */
function conversations(place: HistoryPlace): ConversationHeader[] | null {
  const all = scan(place, place.dir === null);
  if (!all) return null;
  const cwds = place.dir === null ? null : new Set(dirSpellings(place.dir));
  return all.filter((h) => cwds === null || cwds.has(h.dir)).sort(newestFirst);
}

/** The conversation of thread id (bounded by place.since): from the scan, else (a store too large to scan) from the rollouts named with the id. */
function find(id: string, place: HistoryPlace): ConversationHeader | null {
  if (!isSafeId(id)) return null;
  try {
    const all = scan(place);
    if (all) return all.find((h) => h.id === id) ?? null;
    const named = listRollouts(sessionsRoot(place.env), place.since, `-${id}.jsonl`);
    return named ? conversationsOf(named).find((h) => h.id === id) ?? null : null;
  } catch {
    return null;
  }
}

/** The records of a conversation in order: the history it continues (a fork's parent up to the fork), then its own rollouts. */
function records(id: string, place: HistoryPlace): Record<string, unknown>[] {
  const header = find(id, place);
  if (!header) return [];
  const own = header.files.flatMap((f) => readRolloutRecords(f) ?? []);
  const first = header.files[0] === undefined ? undefined : rolloutHead(header.files[0]);
  let base = first?.base?.thread === id ? undefined : first?.base;
  const inherited: Record<string, unknown>[][] = [];
  for (let depth = 0; base && depth < MAX_BASES; depth++) {
    const from = find(base.thread, { ...place, since: null });
    const thread = base.thread;
    // history_base names a rollout (its id in the file name) of the thread it continues.
    const file = from?.files.find((f) => f.endsWith(`-${thread}.jsonl`)) ?? from?.files[from.files.length - 1];
    if (!from || !file) break;
    inherited.unshift(readRolloutRecords(file, base.endByte) ?? []);
    const next = rolloutHead(file)?.base;
    base = next?.thread === from.id ? undefined : next;
  }
  return [...inherited.flat(), ...own];
}

function lastAnswer(id: string, place: HistoryPlace): string | null {
  const all = records(id, place);
  let item: string | null = null;
  for (let i = all.length - 1; i >= 0; i--) {
    const answer = agentText(all[i] ?? null);
    if (answer?.event) return answer.text;
    // The event is the cleanest source; a response_item answer serves when a rollout has none.
    if (answer && item === null) item = answer.text;
  }
  return item;
}

function hasExchange(id: string, place: HistoryPlace): boolean {
  let prompted = false;
  for (const record of records(id, place)) {
    if (userText(record) !== null) prompted = true;
    else if (prompted && agentText(record) !== null) return true;
  }
  return false;
}

function hasUserText(id: string, place: HistoryPlace, text: string): boolean {
  return records(id, place).some((r) => userText(r)?.includes(text) === true);
}

/** The turns of the thread (a fork's inherited history first); null when no rollout of it is found. */
function turns(id: string, place: HistoryPlace): ConversationTurn[] | null {
  return find(id, place) ? rolloutTurns(records(id, place)) : null;
}

/**
 * Remove the rollouts the thread owns. Refused while another thread continues its history (a fork
 * reads its parent's rollout up to the fork): removing it would break the fork.
 */
function remove(id: string, place: HistoryPlace): string[] {
  const header = find(id, place);
  if (!header) return [];
  const readers = (scan({ ...place, dir: null, since: header.startedAt }) ?? [])
    .filter((h) => h.id !== id && h.files.some((f) => rolloutHead(f)?.base?.thread === id));
  if (readers.length > 0) {
    throw new AgentmuxError(`Codex session ${id} is the history of ${readers.map((h) => h.id).join(", ")}`, { hint: "remove its forks first" });
  }
  for (const file of header.files) rmSync(file, { force: true });
  return header.files;
}

/** Codex's rollouts, as HistorySupport (docs/backends/codex.md). Codex keeps one store for every directory: a fork needs no preparing. */
export const codexHistory: HistorySupport = { conversations, find, lastAnswer, hasExchange, hasUserText, turns, remove };

/** `-c developer_instructions="…"`: Codex parses the value as TOML, so the text goes as a TOML basic string. */
export function codexSystemPromptArgs(text: string): string[] {
  // TOML escapes only Unicode scalar values: a lone surrogate becomes U+FFFD.
  const wellFormed = text.replace(/[\uD800-\uDFFF]/gu, "\uFFFD");
  return ["-c", `developer_instructions=${tomlString(wellFormed)}`];
}
