import { parseKeys } from "../switcher/input.ts";
import { AgentmuxError } from "../util/errors.ts";
import { takeTerminal } from "../util/terminal.ts";
import type { FileDiff } from "./hunks.ts";
import type { ReviewComment } from "./review-comments.ts";
import { reviewFrame } from "./review-render.ts";
import { initialReview, pressReview, type ReviewState } from "./review-state.ts";

export interface ReviewPopupOptions {
  title: string;
  files: FileDiff[];
  comments: ReviewComment[];
  coloured: readonly string[] | null;
  /** Keep the comments (each change). */
  keep: (comments: ReviewComment[]) => void;
  /** Send them; resolves with what to tell, or throws with the reason (the popup stays open). */
  send: (comments: ReviewComment[]) => Promise<string>;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

/** The review in a terminal (a tmux popup). Resolves with what was said at the end ("" when closed unsent). */
export async function runReviewPopup(options: ReviewPopupOptions): Promise<string> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  if (!stdin.isTTY) throw new AgentmuxError("the review needs a terminal", { hint: "open it from the menu (Current session: review) or run agentmux review in a terminal; agentmux diff prints the changes" });
  let state: ReviewState = initialReview(options.files, options.comments);
  const draw = () => {
    const { text, top } = reviewFrame(state, { width: stdout.columns || 80, height: stdout.rows || 24, title: options.title, coloured: options.coloured });
    state = { ...state, top };
    stdout.write(text);
  };
  const giveBack = takeTerminal(stdin, stdout);
  draw();
  return new Promise<string>((resolve) => {
    let done = false;
    const finish = (said: string) => {
      if (done) return;
      done = true;
      stdin.off("data", onData);
      stdout.off("resize", draw);
      giveBack();
      resolve(said);
    };
    let input = Promise.resolve();
    const take = async (data: string) => {
      for (const key of parseKeys(data)) {
        if (done) return;
        const outcome = pressReview(state, key);
        state = outcome.state;
        const action = outcome.action;
        if (action?.kind === "saved") options.keep(state.comments);
        if (action?.kind === "quit") return finish(state.comments.length > 0 ? `${state.comments.length} comment${state.comments.length === 1 ? "" : "s"} kept, not sent: agentmux review opens them again` : "");
        if (action?.kind === "send") {
          state = { ...state, notice: "sending…" };
          draw();
          try {
            const said = await options.send(state.comments);
            return finish(said);
          } catch (error) {
            state = { ...state, notice: `not sent: ${error instanceof AgentmuxError ? error.oneLine() : String(error)}` };
          }
        }
      }
      draw();
    };
    const onData = (data: string) => { input = input.then(() => take(data)); };
    stdin.on("data", onData);
    stdout.on("resize", draw);
  });
}
