import { readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { FileCache } from "../shared/history-cache.ts";
import { isSafeId } from "../shared/history-text.ts";
import { isGone, LINEAGE_SCAN_LIMIT } from "../shared/lineage-scan.ts";
import type { ConversationHeader } from "../shared/types.ts";
import { inferParents, type ForkCandidate } from "./copied-forks.ts";
import { readMessageIds, readTranscriptHead, type TranscriptHead } from "./transcript.ts";

/** What one transcript says, kept while its mtime and size stay. */
interface Entry {
  head: TranscriptHead;
  birthtimeMs: number;
  mtimeMs: number;
  messages?: { uuid: string; at: number | null }[];
}

const cache = new FileCache<Entry>();

/** A transcript file of a project directory. */
interface Transcript { id: string; file: string; projectDir: string; entry: Entry }

/**
 * The transcripts (<id>.jsonl) of project directories. More than LINEAGE_SCAN_LIMIT: null, or with
 * newest, the LINEAGE_SCAN_LIMIT last written. Sidechain folders (<id>/subagents) are not read.
 */
function listTranscripts(projectDirs: readonly string[], newest: boolean): Transcript[] | null {
  let files = projectDirs.flatMap((dir) => readdirSync(dir)
    .filter((n) => n.endsWith(".jsonl") && isSafeId(n.slice(0, -".jsonl".length)))
    .map((name) => ({ dir, name, file: join(dir, name) })));
  if (files.length > LINEAGE_SCAN_LIMIT) {
    if (!newest) return null;
    const mtime = (file: string) => { try { return statSync(file).mtimeMs; } catch { return 0; } };
    files = files.map((f) => ({ ...f, at: mtime(f.file) })).sort((a, b) => b.at - a.at).slice(0, LINEAGE_SCAN_LIMIT);
  }
  return files.flatMap(({ dir, name, file }) => {
    const entry = readEntry(file);
    return entry ? [{ id: name.slice(0, -".jsonl".length), file, projectDir: dir, entry }] : [];
  });
}

/** A transcript's entry; undefined when it vanished while read (a session cleaning up). */
function readEntry(file: string): Entry | undefined {
  try {
    return cache.get(file, (stat) => ({ head: readTranscriptHead(file), birthtimeMs: stat.birthtimeMs, mtimeMs: stat.mtimeMs }));
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

function messagesOf(t: Transcript): { uuid: string; at: number | null }[] {
  if (!t.entry.messages) {
    try {
      t.entry.messages = readMessageIds(t.file);
    } catch (error) {
      if (!isGone(error)) throw error;
      t.entry.messages = [];
    }
  }
  return t.entry.messages;
}

/** When a transcript began, from its own records only (what headers show). */
function startOf(t: Transcript): number | null {
  return t.entry.head.startedAt;
}

/**
 * The conversations of the given project directories, each with its parent: an SDK fork's
 * forkedFrom, else a `--fork-session` copy's parent inferred within its family (copied-forks.ts).
 * Null when there are more than LINEAGE_SCAN_LIMIT transcripts, unless newest: then the ones last
 * written. Throws what reading throws.
 */
export function scanProjectDirs(projectDirs: readonly string[], newest = false): ConversationHeader[] | null {
  const transcripts = listTranscripts(projectDirs, newest);
  if (!transcripts) return null;
  const parents = new Map<string, string>();
  const families = new Map<string, Transcript[]>();
  for (const t of transcripts) {
    if (t.entry.head.forkedFrom !== undefined) parents.set(t.file, t.entry.head.forkedFrom);
    const root = t.entry.head.root;
    if (root !== undefined) families.set(`${t.projectDir}\n${root}`, [...(families.get(`${t.projectDir}\n${root}`) ?? []), t]);
  }
  for (const family of families.values()) {
    const candidates: (ForkCandidate & { t: Transcript })[] = family.map((t) => ({
      // Dated by its own records before its first message, never by the file's birth: Claude creates a
      // fork's file only once its first own message is written (stamped ~100 ms before).
      t, id: t.id, copied: t.entry.head.copied && t.entry.head.forkedFrom === undefined, startedAt: t.entry.head.ownStart, messages: () => messagesOf(t), named: t.entry.head.forkedFrom,
    }));
    const inferred = inferParents(candidates);
    for (const c of candidates) {
      const parent = inferred.get(c.id);
      if (parent !== undefined && !parents.has(c.t.file)) parents.set(c.t.file, parent);
    }
  }
  return transcripts.map((t) => header(t, parents.get(t.file)));
}

function header(t: Transcript, parent: string | undefined): ConversationHeader {
  const files = [t.file];
  const sidechains = join(t.projectDir, t.id);
  try {
    if (statSync(sidechains).isDirectory()) files.push(sidechains);
  } catch { /* no subagents */ }
  return {
    id: t.id,
    parent: parent === t.id ? undefined : parent,
    startedAt: startOf(t),
    updatedAt: t.entry.mtimeMs,
    dir: t.entry.head.cwd ?? basename(t.projectDir),
    firstPrompt: t.entry.head.firstPrompt,
    files,
  };
}
