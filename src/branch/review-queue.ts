import { readFileSync, rmSync } from "node:fs";
import { promptLineOf } from "../backends/index.ts";
import { shownState } from "../core/state-machine.ts";
import type { Tracked } from "../daemon/tracked.ts";
import { DraftInTheWay, sendText } from "../session/send.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { entryExists } from "../util/entry-exists.ts";
import { isJsonObject } from "../util/json.ts";
import { queuedReviewFile } from "./review-queued.ts";

export { queuedReviewFile } from "./review-queued.ts";

/** A review waiting for a busy session's turn to end: its message, for that pane's process (its token hash). */
export interface QueuedReview { pane: string; tokenHash: string; message: string; comments: number; at: number }


/** I/O: queue a review for a session (one each: a later one replaces it, the caller having put both together). */
export function queueReview(stateDir: string, review: QueuedReview): void {
  writeFileAtomic(queuedReviewFile(stateDir, review.tokenHash), `${JSON.stringify(review, null, 1)}\n`, 0o600);
}

/** I/O: the review queued for a session's process, if any (a file that does not parse counts as none, and is left for the user). */
export function queuedReview(stateDir: string, tokenHash: string): QueuedReview | null {
  try {
    const value: unknown = JSON.parse(readFileSync(queuedReviewFile(stateDir, tokenHash), "utf8"));
    if (!isJsonObject(value)) return null;
    const { pane, message, comments, at } = value;
    if (typeof pane !== "string" || typeof message !== "string") return null;
    return { pane, tokenHash, message, comments: typeof comments === "number" ? comments : 0, at: typeof at === "number" ? at : 0 };
  } catch {
    return null;
  }
}

export interface ReviewQueueDeps {
  stateDir: string;
  /** The daemon's own tmux client for typing (not its control connection). */
  tmux: Tmux;
  typed: (pane: string, kind: "submit", at: number) => Promise<void>;
  log: (line: string) => void;
}

/**
 * The daemon's side of `agentmux review` for a busy session: when its turn ends (the session
 * table says waiting or idle), the queued comments are typed in through the guarded submit. A
 * draft in its input line leaves them queued for the next turn's end; a new process in the pane
 * (another token) never gets another's review.
 */
export class ReviewQueue {
  private readonly sending = new Set<string>();
  constructor(private readonly deps: ReviewQueueDeps) {}

  sessionChanged(t: Tracked): void {
    const shown = shownState(t.machine);
    if (shown !== "waiting" && shown !== "idle") return;
    if (t.tokenHash === "") return;
    const file = queuedReviewFile(this.deps.stateDir, t.tokenHash);
    if (this.sending.has(t.tokenHash) || !entryExists(file)) return;
    this.sending.add(t.tokenHash);
    void this.deliver(t, file).finally(() => this.sending.delete(t.tokenHash));
  }

  private async deliver(t: Tracked, file: string): Promise<void> {
    const review = queuedReview(this.deps.stateDir, t.tokenHash);
    if (!review) return;
    const at = Date.now();
    try {
      await sendText(this.deps.tmux, t.pane, review.message, { enter: true, promptLine: promptLineOf(t.backend), label: t.pane });
    } catch (error) {
      this.deps.log(`review: ${t.pane}: ${error instanceof DraftInTheWay ? error.message : (error as Error).message}; kept queued`);
      return;
    }
    rmSync(file, { force: true });
    await this.deps.typed(t.pane, "submit", at);
    this.deps.log(`review: ${review.comments} queued comment(s) typed into ${t.pane}`);
  }
}
