import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The directory of review comments kept and queued (state dir). */
export function reviewsDir(stateDir: string): string {
  return join(stateDir, "reviews");
}

/** Where a session's queued review waits: by its process's token hash (pane ids repeat across tmux servers; a new process in the pane never gets another's review). */
export function queuedReviewFile(stateDir: string, tokenHash: string): string {
  return join(reviewsDir(stateDir), `queued-${tokenHash.replace(/[^\w]/g, "_")}.json`);
}

/**
 * I/O, cheap (one directory listing; a file read only per queued review): how many comments wait
 * for each process's turn to end, by token hash. For the switcher's rows, on a key press: no other
 * module is loaded for it.
 */
export function queuedCounts(stateDir: string): Map<string, number> {
  const counts = new Map<string, number>();
  let names: string[];
  try { names = readdirSync(reviewsDir(stateDir)); } catch { return counts; }
  for (const name of names) {
    const hash = /^queued-(\w+)\.json$/.exec(name)?.[1];
    if (!hash) continue;
    try {
      const value = JSON.parse(readFileSync(join(reviewsDir(stateDir), name), "utf8")) as { comments?: unknown };
      counts.set(hash, typeof value.comments === "number" ? value.comments : 1);
    } catch {
      // torn or not ours: not counted
    }
  }
  return counts;
}
