import { readdirSync } from "node:fs";
import { join } from "node:path";
import { FileCache } from "../shared/history-cache.ts";
import { isGone, LINEAGE_SCAN_LIMIT } from "../shared/lineage-scan.ts";
import type { ConversationHeader } from "../shared/types.ts";
import { codexHome } from "./hooks.ts";
import { readRolloutHead, type RolloutHead } from "./rollout.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

interface Entry { head: RolloutHead | undefined; mtimeMs: number }
const cache = new FileCache<Entry>();

/** $CODEX_HOME/sessions: rollouts in dated directories, YYYY/MM/DD/rollout-<time>-<id>.jsonl. */
export function sessionsRoot(env: Record<string, string | undefined>): string {
  return join(codexHome(env), "sessions");
}

/**
 * The rollout files under the sessions directory, from the day before since on (a conversation
 * starts after since; the day before allows for time zones), or all when since is null. More than
 * LINEAGE_SCAN_LIMIT: null, or with newest, the LINEAGE_SCAN_LIMIT latest (by their dated names).
 * Throws what listing throws (no sessions directory: ENOENT).
 */
export function listRollouts(root: string, since: number | null, nameEnd = ".jsonl", newest = false): string[] | null {
  const from = since === null ? "" : new Date(since - DAY_MS).toISOString().slice(0, 10);
  const files: string[] = [];
  // Newest days first, so that a scan cut at the limit keeps the latest.
  for (const year of datedDirs(root, /^\d{4}$/u, (y) => y >= from.slice(0, 4))) {
    for (const month of datedDirs(join(root, year), /^\d{2}$/u, (m) => `${year}-${m}` >= from.slice(0, 7))) {
      for (const day of datedDirs(join(root, year, month), /^\d{2}$/u, (d) => `${year}-${month}-${d}` >= from)) {
        const dayDir = join(root, year, month, day);
        const names = readdirSync(dayDir).filter((n) => n.startsWith("rollout-") && n.endsWith(nameEnd)).sort().reverse();
        for (const name of names) files.push(join(dayDir, name));
        if (files.length > LINEAGE_SCAN_LIMIT) return newest ? files.slice(0, LINEAGE_SCAN_LIMIT) : null;
      }
    }
  }
  return files;
}

function datedDirs(dir: string, pattern: RegExp, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).filter((n) => pattern.test(n) && keep(n)).sort().reverse();
}

/** The head of one rollout (cached); undefined when it has no session_meta or is gone. */
export function rolloutHead(file: string): RolloutHead | undefined {
  return readEntry(file)?.head;
}

function readEntry(file: string): Entry | undefined {
  try {
    return cache.get(file, (stat) => ({ head: readRolloutHead(file), mtimeMs: stat.mtimeMs }));
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

/**
 * The conversations recorded in rollout files: one per thread (session_meta.id), with every rollout
 * the thread owns, its parent (forked_from_id), directory and first prompt. Subagent threads, whose
 * source is an object rather than a client name, are forks the model made and are left out.
 */
export function conversationsOf(files: readonly string[]): ConversationHeader[] {
  const threads = new Map<string, { heads: { file: string; head: RolloutHead; mtimeMs: number }[] }>();
  for (const file of files) {
    const entry = readEntry(file);
    if (!entry?.head || typeof entry.head.source !== "string") continue;
    const thread = threads.get(entry.head.id) ?? { heads: [] };
    thread.heads.push({ file, head: entry.head, mtimeMs: entry.mtimeMs });
    threads.set(entry.head.id, thread);
  }
  return [...threads.entries()].map(([id, { heads }]) => {
    heads.sort((a, b) => (a.head.startedAt ?? 0) - (b.head.startedAt ?? 0) || a.file.localeCompare(b.file));
    const first = heads[0] as (typeof heads)[number];
    const starts = heads.flatMap((h) => (h.head.startedAt === null ? [] : [h.head.startedAt]));
    return {
      id,
      parent: heads.find((h) => h.head.parent !== undefined && h.head.parent !== id)?.head.parent,
      startedAt: starts.length > 0 ? Math.min(...starts) : null,
      updatedAt: Math.max(...heads.map((h) => h.mtimeMs)),
      dir: first.head.cwd,
      firstPrompt: heads.find((h) => h.head.firstPrompt !== "")?.head.firstPrompt ?? "",
      files: heads.map((h) => h.file),
    };
  });
}
