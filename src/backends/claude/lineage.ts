import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { headLines } from "../../util/head-lines.ts";
import { isJsonObject } from "../../util/json.ts";
import { claudeConfigDir } from "./global.ts";
import { dirSpellings, isGone, LINEAGE_HEAD_BYTES, LINEAGE_SCAN_LIMIT } from "../shared/lineage-scan.ts";
import type { LineagePair, LineagePlace } from "../shared/types.ts";

// Claude Code cuts a project directory name longer than this and appends "-<hash of the path>".
const MAX_PROJECT_NAME = 200;
// SDK forks name forkedFrom in their first records; `--fork-session` forks copy the parent's first
// message (same uuid, old timestamp) after records of their own. The first line may be a title.
const HEAD_RECORDS = 10;

/** Claude Code's project directory name for a working directory: every character outside [a-zA-Z0-9] becomes "-". */
export function claudeProjectName(dir: string): string {
  return dir.replace(/[^a-zA-Z0-9]/gu, "-");
}

/**
 * The fork pairs among the transcripts of the project directory of place.dir
 * (<config dir>/projects/<escaped dir>/<session id>.jsonl), read from the forkedFrom of their first
 * records. Null when no project directory exists, a transcript cannot be read, or there are more
 * than LINEAGE_SCAN_LIMIT of them.
 */
export function claudeLineage(place: LineagePlace): LineagePair[] | null {
  try {
    const projects = join(claudeConfigDir(place.env), "projects");
    const dirs = projectDirs(projects, place.dir);
    if (dirs.length === 0) return null;
    const files = dirs.flatMap((d) => readdirSync(d).filter((n) => n.endsWith(".jsonl")).map((n) => ({ dir: d, name: n })));
    if (files.length > LINEAGE_SCAN_LIMIT) return null;
    const pairs: LineagePair[] = [];
    const heads: Head[] = [];
    for (const file of files) {
      const id = file.name.slice(0, -".jsonl".length);
      const head = readHead(join(file.dir, file.name), id);
      if (head?.forkedFrom !== undefined && head.forkedFrom !== id) pairs.push({ id, parent: head.forkedFrom });
      else if (head) heads.push(head);
    }
    return [...pairs, ...copiedForks(heads)];
  } catch {
    return null;
  }
}

/** The project directories that exist for a working directory (a long name is matched by its cut prefix). */
function projectDirs(projects: string, dir: string): string[] {
  const found = new Set<string>();
  for (const spelling of dirSpellings(dir)) {
    const name = claudeProjectName(spelling);
    if (name.length <= MAX_PROJECT_NAME) {
      if (exists(join(projects, name))) found.add(join(projects, name));
      continue;
    }
    const prefix = `${name.slice(0, MAX_PROJECT_NAME)}-`;
    let names: string[] = [];
    try { names = readdirSync(projects); } catch { continue; }
    for (const n of names) if (n.startsWith(prefix)) found.add(join(projects, n));
  }
  return [...found];
}

function exists(dir: string): boolean {
  try { return statSync(dir).isDirectory(); } catch { return false; }
}

interface Head {
  id: string;
  forkedFrom?: string | undefined;
  /** The uuid of the conversation's first message (parentUuid null). */
  root?: string | undefined;
  /** The transcript begins with records of its own newer than that first message: a copy of it (a fork). */
  copied: boolean;
}

/** What the first records of a transcript say of its lineage; undefined when it vanished while read. */
function readHead(file: string, id: string): Head | undefined {
  let lines: string[];
  try {
    lines = headLines(file, HEAD_RECORDS, LINEAGE_HEAD_BYTES);
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
  const head: Head = { id, copied: false };
  let newest = "";
  let sawMode = false;
  for (const line of lines) {
    let record: unknown;
    try { record = JSON.parse(line); } catch { continue; }
    if (!isJsonObject(record)) continue;
    const from = record["forkedFrom"];
    if (isJsonObject(from) && typeof from["sessionId"] === "string" && from["sessionId"] !== "") return { ...head, forkedFrom: from["sessionId"] };
    const at = typeof record["timestamp"] === "string" ? record["timestamp"] : "";
    if (head.root === undefined && typeof record["uuid"] === "string" && record["parentUuid"] === null) {
      head.root = record["uuid"];
      head.copied = sawMode || (at !== "" && newest > at);
    }
    if (head.root === undefined && at > newest) newest = at;
    if (head.root === undefined && record["type"] === "mode") sawMode = true;
  }
  return head;
}

/**
 * `claude --resume ID --fork-session` (2.1.x) names no parent: the fork copies the conversation's
 * messages, uuids and timestamps kept, after records of its own. Transcripts sharing a first message
 * are one family; when exactly one of them is not such a copy, it is the parent of the others. (A
 * fork of a fork then counts under the original: the kill question may count too few, never too many.)
 */
function copiedForks(heads: Head[]): LineagePair[] {
  const families = new Map<string, Head[]>();
  for (const h of heads) if (h.root) families.set(h.root, [...(families.get(h.root) ?? []), h]);
  const pairs: LineagePair[] = [];
  for (const family of families.values()) {
    const originals = family.filter((h) => !h.copied);
    if (family.length < 2 || originals.length !== 1) continue;
    const parent = (originals[0] as Head).id;
    for (const h of family) if (h.id !== parent) pairs.push({ id: h.id, parent });
  }
  return pairs;
}
