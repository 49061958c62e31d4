import type { Command } from "commander";
import { findSession } from "../session/store.ts";
import { targetOrCurrent } from "../session/target.ts";
import { out, shown } from "../util/terminal-text.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";

export function registerReview(program: Command): void {
  program
    .command("review")
    .description("walk what a session changed, file by file and hunk by hunk, comment on lines, and send the comments to its agent as one message (queued while it is busy)")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--json", "print the comments kept for it and any review queued, without a terminal")
    .action(async (target: string | undefined, options: { json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      const session = await findSession(ctx.tmux, targetOrCurrent(target, "review"), { includeExited: true });
      // Lazily: git, the diff and the review's screen only for this verb.
      const [{ places }, comments, queue] = await Promise.all([import("../util/paths.ts"), import("../branch/review-comments.ts"), import("../branch/review-queue.ts")]);
      const stateDir = places().stateDir;
      const file = comments.reviewFile(stateDir, session.id || session.pane);
      if (options.json) {
        printJson({ name: session.name, pane: session.pane, comments: comments.readComments(file), queued: queue.queuedReview(stateDir, session.tokenHash) });
        return;
      }
      await requireControl(ctx, "review", session.pane);
      const [{ diffOfSession }, { parseDiff }, { colourLines }, { runReviewPopup }, { deliverReview }] = await Promise.all([
        import("../branch/session-diff.ts"), import("../branch/hunks.ts"), import("../branch/review-colour.ts"), import("../branch/review-popup.ts"), import("../branch/review-send.ts"),
      ]);
      const diff = await diffOfSession(ctx.tmux, session);
      const files = parseDiff(diff.text);
      const said = await runReviewPopup({
        title: `${session.name} (${session.pane}) against ${diff.against}`,
        files, comments: comments.readComments(file), coloured: await colourLines(files).catch(() => null),
        keep: (list) => comments.writeComments(file, list),
        send: async (list) => {
          const delivered = await deliverReview(ctx.tmux, stateDir, session, list);
          comments.writeComments(file, []);
          return delivered.words;
        },
      });
      if (said) out(shown`${said}\n`);
    });
}
