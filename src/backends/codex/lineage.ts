import { readdirSync } from "node:fs";
import { join } from "node:path";
import { headLines } from "../../util/head-lines.ts";
import { isJsonObject } from "../../util/json.ts";
import { codexHome } from "./hooks.ts";
import { dirSpellings, isGone, LINEAGE_HEAD_BYTES, LINEAGE_SCAN_LIMIT } from "../shared/lineage-scan.ts";
import type { LineagePair, LineagePlace } from "../shared/types.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A fork recorded by a rollout's session_meta: the thread, its parent, where it ran, and what started it. */
interface RolloutMeta { id: string; parent: string | undefined; cwd: string; source: unknown }

/**
 * The fork pairs among the Codex rollouts ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl) that ran
 * in place.dir, read from their session_meta's forked_from_id. Only day directories from the day
 * before place.since on are read (a branch starts after its parent; the day before allows for time
 * zones). Subagent threads, whose source is an object rather than a client name, are left out: they
 * are forks the model made, not branches a user chose. Null when there is no sessions directory, a
 * rollout cannot be read, or there are more than LINEAGE_SCAN_LIMIT of them.
 */
export function codexLineage(place: LineagePlace): LineagePair[] | null {
  try {
    const root = join(codexHome(place.env), "sessions");
    const from = place.since === null ? "" : new Date(place.since - DAY_MS).toISOString().slice(0, 10);
    const files: string[] = [];
    for (const year of datedDirs(root, /^\d{4}$/u, (y) => y >= from.slice(0, 4))) {
      for (const month of datedDirs(join(root, year), /^\d{2}$/u, (m) => `${year}-${m}` >= from.slice(0, 7))) {
        for (const day of datedDirs(join(root, year, month), /^\d{2}$/u, (d) => `${year}-${month}-${d}` >= from)) {
          const dayDir = join(root, year, month, day);
          for (const name of readdirSync(dayDir)) if (name.startsWith("rollout-") && name.endsWith(".jsonl")) files.push(join(dayDir, name));
          if (files.length > LINEAGE_SCAN_LIMIT) return null;
        }
      }
    }
    const cwds = new Set(dirSpellings(place.dir));
    const pairs: LineagePair[] = [];
    for (const file of files) {
      const meta = sessionMeta(file);
      if (!meta || meta.parent === undefined || !cwds.has(meta.cwd) || typeof meta.source !== "string") continue;
      if (meta.parent !== meta.id) pairs.push({ id: meta.id, parent: meta.parent });
    }
    return pairs;
  } catch {
    return null;
  }
}

function datedDirs(dir: string, pattern: RegExp, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).filter((n) => pattern.test(n) && keep(n));
}

/** The session_meta record opening a rollout; undefined when it has none (or the file vanished while read). */
function sessionMeta(file: string): RolloutMeta | undefined {
  let first: string | undefined;
  try {
    first = headLines(file, 1, LINEAGE_HEAD_BYTES)[0];
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
  let record: unknown;
  try { record = JSON.parse(first ?? ""); } catch { return undefined; }
  if (!isJsonObject(record) || record["type"] !== "session_meta" || !isJsonObject(record["payload"])) return undefined;
  const p = record["payload"];
  if (typeof p["id"] !== "string" || typeof p["cwd"] !== "string") return undefined;
  const parent = typeof p["forked_from_id"] === "string" && p["forked_from_id"] !== "" ? p["forked_from_id"] : undefined;
  return { id: p["id"], parent, cwd: p["cwd"], source: p["source"] };
}
