import { promptLineOf } from "../backends/index.ts";
import { tellTyped } from "../daemon/typed-client.ts";
import { sendText } from "../session/send.ts";
import type { NamedSession } from "../session/store.ts";
import type { Tmux } from "../tmux/tmux.ts";
import { reviewMessage, type ReviewComment } from "./review-comments.ts";
import { queueReview, queuedReview } from "./review-queue.ts";

export interface Delivered { how: "sent" | "queued"; words: string }

/**
 * I/O: the comments to the session as one message through the guarded submit (a draft in its
 * input line refuses, nothing typed). A session busy with a turn (working, blocked on a dialog)
 * gets them when the turn ends: queued for the daemon (review-queue.ts), joined to any review
 * queued before.
 */
export async function deliverReview(tmux: Tmux, stateDir: string, session: Pick<NamedSession, "pane" | "name" | "state" | "backend" | "tokenHash">, comments: readonly ReviewComment[]): Promise<Delivered> {
  const label = `${session.name} (${session.pane})`;
  if (session.state === "working" || session.state === "blocked" || session.state === "unknown") {
    const earlier = queuedReview(stateDir, session.tokenHash);
    const joined = (earlier?.comments ?? 0) + comments.length;
    const message = earlier ? `${earlier.message}\n\n${reviewMessage(comments)}` : reviewMessage(comments);
    queueReview(stateDir, { pane: session.pane, tokenHash: session.tokenHash, message, comments: joined, at: Date.now() });
    return { how: "queued", words: `${label} is ${session.state}: ${joined} comment${joined === 1 ? "" : "s"} queued; the daemon types them in when its turn ends` };
  }
  const at = Date.now();
  await sendText(tmux, session.pane, reviewMessage(comments), { enter: true, promptLine: promptLineOf(session.backend), label });
  await tellTyped(tmux, session.pane, "submit", at);
  return { how: "sent", words: `${comments.length} comment${comments.length === 1 ? "" : "s"} sent to ${label}` };
}
