import { homeEnv } from "../accounts/home-env.ts";
import { BACKENDS, isBackendName } from "../backends/index.ts";
import type { LineagePair } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import type { Session } from "../session/identity.ts";

type Env = Record<string, string | undefined>;

/** What the branch scan needs of a session. */
export type BranchSubject = Pick<Session, "backend" | "account" | "dir" | "id" | "startedAt">;

/** Pure: how many sessions descend from ID through the pairs (forks of forks too); a cycle counts each session once. */
export function countDescendants(pairs: readonly LineagePair[], id: string): number {
  const children = new Map<string, string[]>();
  for (const pair of pairs) {
    const list = children.get(pair.parent) ?? [];
    list.push(pair.id);
    children.set(pair.parent, list);
  }
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const child of children.get(next) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      queue.push(child);
    }
  }
  return seen.size - 1;
}

/**
 * How many sessions were branched from this one, or null when that cannot be told: no native id, a
 * backend that records no lineage, or a scan that failed or hit its limit. The scan reads only where
 * descendants can be (the backend's files for the session's directory, since it started).
 */
export function branchCount(config: Config, session: BranchSubject, env: Env = process.env): number | null {
  if (session.id === "" || !isBackendName(session.backend)) return null;
  const lineage = BACKENDS[session.backend].lineage;
  if (!lineage) return null;
  try {
    const pairs = lineage({ dir: session.dir, since: session.startedAt, env: homeEnv(config, session.backend, session.account, env) });
    return pairs === null ? null : countDescendants(pairs, session.id);
  } catch {
    return null;
  }
}
