import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../../util/atomic-write.ts";
import { AgentmuxError } from "../../util/errors.ts";
import { isSafeId } from "../shared/history-text.ts";
import type { ConversationHeader, ConversationTurn, HistoryPlace, HistorySupport } from "../shared/types.ts";
import { scanProjectDirs } from "./conversations.ts";
import { allProjectDirs, claudeProjectsRoot, placeProjectDirs, projectDirFor, projectDirs } from "./lineage.ts";
import { assistantText, readRecords, userPromptText } from "./transcript.ts";
import { transcriptTurns } from "./turns.ts";

const newestFirst = (a: ConversationHeader, b: ConversationHeader) => b.updatedAt - a.updatedAt;

/**
 * The conversations of place.dir's project directory and of those its conversations were copied to
 * for a fork in another directory (placeProjectDirs: a worktree's branches; each header's dir tells
 * where it ran), or (place.dir null) of every project directory; newest first. A transcript copied
 * into another project directory (prepareFork) is the same conversation: listed once, where its
 * records say it ran. Null when the scan cannot tell (for every directory: the newest
 * LINEAGE_SCAN_LIMIT when there are more).
 */
function conversations(place: HistoryPlace): ConversationHeader[] | null {
  try {
    const projects = claudeProjectsRoot(place.env);
    const dirs = place.dir === null ? allProjectDirs(projects) : placeProjectDirs(projects, place.dir);
    // Every directory (a picker of all conversations): the newest LINEAGE_SCAN_LIMIT when there are more.
    const headers = scanProjectDirs(dirs, place.dir === null);
    return headers && once(headers).sort(newestFirst);
  } catch {
    return null;
  }
}

/** One header per id: the one in the project directory of the directory its records name (else the newest). */
function once(headers: ConversationHeader[]): ConversationHeader[] {
  const byId = new Map<string, ConversationHeader>();
  for (const h of headers) {
    const seen = byId.get(h.id);
    if (!seen || (!isHome(seen) && (isHome(h) || h.updatedAt > seen.updatedAt))) byId.set(h.id, h);
  }
  return [...byId.values()];
}

const isHome = (h: ConversationHeader) => h.files[0] !== undefined && projectDirs(dirname(dirname(h.files[0])), h.dir).includes(dirname(h.files[0]));

/** The transcript of id: in place.dir's project directory first, else in any. */
function transcriptFile(id: string, place: HistoryPlace): string | null {
  if (!isSafeId(id)) return null;
  const projects = claudeProjectsRoot(place.env);
  const near = place.dir === null ? [] : projectDirs(projects, place.dir);
  for (const dir of [...near, ...allProjectDirs(projects)]) {
    const file = join(dir, `${id}.jsonl`);
    if (existsSync(file)) return file;
  }
  return null;
}

function find(id: string, place: HistoryPlace): ConversationHeader | null {
  try {
    const file = transcriptFile(id, place);
    if (!file) return null;
    return scanProjectDirs([dirname(file)])?.find((h) => h.id === id) ?? null;
  } catch {
    return null;
  }
}

function records(id: string, place: HistoryPlace): Record<string, unknown>[] | null {
  const file = transcriptFile(id, place);
  return file ? readRecords(file) : null;
}

function lastAnswer(id: string, place: HistoryPlace): string | null {
  const all = records(id, place) ?? [];
  for (let i = all.length - 1; i >= 0; i--) {
    const text = assistantText(all[i]);
    if (text !== null) return text;
  }
  return null;
}

function hasExchange(id: string, place: HistoryPlace): boolean {
  let prompted = false;
  for (const record of records(id, place) ?? []) {
    if (userPromptText(record) !== null) prompted = true;
    else if (prompted && assistantText(record) !== null) return true;
  }
  return false;
}

function hasUserText(id: string, place: HistoryPlace, text: string): boolean {
  return (records(id, place) ?? []).some((r) => userPromptText(r)?.includes(text) === true);
}

function turns(id: string, place: HistoryPlace): ConversationTurn[] | null {
  const all = records(id, place);
  return all && transcriptTurns(all);
}

/** Remove the transcript and its folder of subagent transcripts; exactly the files its header lists. */
function remove(id: string, place: HistoryPlace): string[] {
  const header = find(id, place);
  if (!header) return [];
  for (const path of header.files) rmSync(path, { recursive: true, force: true });
  return header.files;
}

/**
 * Copy conversation id's transcript from fromDir's project directory into toDir's, so that
 * `claude --resume ID --fork-session` run in toDir finds it (Claude Code looks only in the project
 * directory of its working directory). An existing copy is left as it is. Answers the copy made, or
 * null when none was needed.
 */
function prepareFork(id: string, fromDir: string, toDir: string, env: Record<string, string | undefined>): string | null {
  if (!isSafeId(id)) throw new AgentmuxError(`not a Claude Code session id: ${JSON.stringify(id)}`, { hint: "give the id `agentmux list --json` or `claude --resume` shows" });
  const projects = claudeProjectsRoot(env);
  const source = projectDirs(projects, fromDir).map((d) => join(d, `${id}.jsonl`)).find((f) => existsSync(f));
  if (!source) throw new AgentmuxError(`no Claude Code transcript ${id} for ${fromDir}`, { hint: `it is looked for in ${projects}; was the session started in another directory?` });
  const target = projectDirFor(projects, toDir);
  if (!target) throw new AgentmuxError(`cannot tell Claude Code's project directory for ${toDir}`, { hint: "its path is too long; fork from a directory with a shorter path" });
  const copy = join(target, `${id}.jsonl`);
  if (copy === source || existsSync(copy)) return null;
  writeFileAtomic(copy, readFileSync(source), 0o600);
  return copy;
}

/** Claude Code's transcripts, as HistorySupport (docs/backends/claude.md). */
export const claudeHistory: HistorySupport = { conversations, find, lastAnswer, hasExchange, hasUserText, turns, remove, prepareFork };

/** `--append-system-prompt TEXT`: Claude Code adds the text to its system prompt. */
export function claudeSystemPromptArgs(text: string): string[] {
  return ["--append-system-prompt", text];
}
