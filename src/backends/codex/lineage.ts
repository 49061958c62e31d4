import { dirSpellings, lineageOf } from "../shared/lineage-scan.ts";
import type { LineagePair, LineagePlace } from "../shared/types.ts";
import { conversationsOf, listRollouts, sessionsRoot } from "./rollouts.ts";

/**
 * The fork pairs among the Codex conversations that ran in place.dir: the parents (session_meta's
 * forked_from_id) of the conversations scanned from place.since on (rollouts.ts; subagent threads are
 * left out). Null when there is no sessions directory, a rollout cannot be read, or there are more
 * than LINEAGE_SCAN_LIMIT of them.
 */
export function codexLineage(place: LineagePlace): LineagePair[] | null {
  try {
    const files = listRollouts(sessionsRoot(place.env), place.since);
    if (!files) return null;
    const cwds = new Set(dirSpellings(place.dir));
    return lineageOf(conversationsOf(files).filter((h) => cwds.has(h.dir)));
  } catch {
    return null;
  }
}
