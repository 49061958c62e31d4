import type { InboxItem } from "../core/ask.ts";
import type { InboxSubscription } from "../daemon/inbox-client.ts";
import { AgentmuxError } from "../util/errors.ts";
import type { Done } from "./act.ts";
import { parseInboxKeys } from "./keys.ts";
import { frame } from "./render.ts";
import { initialState, press, withItems, type Action, type InboxState } from "./state.ts";
import { takeTerminal } from "../util/terminal.ts";

export interface InboxPopupOptions {
  /** The daemon's pushes: the list at once and on every change (daemon/inbox-client.ts subscribeInbox). */
  subscribe: (onItems: (items: InboxItem[]) => void, onEnd: (why: string) => void) => Promise<InboxSubscription>;
  /** Carry out an answer, a reply or a snooze; resolves with what to tell. */
  act: (action: Exclude<Action, { kind: "jump" | "quit" }>) => Promise<Done>;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

/** How often the waited-for ages are redrawn: a redraw only, nothing is asked of anyone. */
const AGE_REDRAW_MS = 5000;

/**
 * The inbox in a terminal (a tmux popup): the daemon's list, redrawn on each push; keys answer
 * the highlighted item in place. Resolves with the pane to go to (Enter), or null when closed.
 */
export async function runInboxPopup(options: InboxPopupOptions): Promise<string | null> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  if (!stdin.isTTY) throw new AgentmuxError("the inbox needs a terminal", { hint: "open it with its key binding (prefix N), or use agentmux inbox --json" });
  let state: InboxState = initialState([]);
  let loaded = false;
  const draw = () => { if (loaded) stdout.write(frame(state, { width: stdout.columns || 80, height: stdout.rows || 24, now: Date.now() })); };
  let done = false;
  let subscription: InboxSubscription | null = null;
  const onItems = (items: InboxItem[]) => { if (done) return; loaded = true; state = withItems(state, items); draw(); };
  const onEnd = (why: string) => {
    if (done) return;
    state = { ...state, notice: `the daemon went away (${why}); reconnecting` };
    draw();
    void options.subscribe(onItems, () => { state = { ...state, notice: "the daemon is gone: close and reopen the inbox" }; draw(); })
      .then((s) => { if (done) s.close(); else subscription = s; }, () => undefined);
  };
  subscription = await options.subscribe(onItems, onEnd);

  const giveBack = takeTerminal(stdin, stdout);
  draw();

  return new Promise<string | null>((resolve) => {
    const ages = setInterval(draw, AGE_REDRAW_MS);
    const finish = (pane: string | null) => {
      if (done) return;
      done = true;
      clearInterval(ages);
      subscription?.close();
      stdin.off("data", onData);
      stdout.off("resize", draw);
      giveBack();
      resolve(pane);
    };
    // Keys are taken in order: one typed while an answer goes in waits for it (it may be about the next item).
    let input = Promise.resolve();
    const take = async (data: string) => {
      for (const key of parseInboxKeys(data)) {
        if (done) return;
        const outcome = press(state, key);
        state = outcome.state;
        const action = outcome.action;
        if (action?.kind === "quit") return finish(null);
        if (action?.kind === "jump") return finish(action.pane);
        if (!action) continue;
        state = { ...state, notice: action.kind === "snooze" ? "" : `${action.item.name}: checking the screen…` };
        draw();
        const result = await options.act(action).catch((error: unknown): Done => ({ sent: false, notice: `agentmux: ${error instanceof AgentmuxError ? error.oneLine() : String(error)}` }));
        state = { ...state, notice: result.notice };
      }
      draw();
    };
    const onData = (data: string) => { input = input.then(() => take(data)); };
    stdin.on("data", onData);
    stdout.on("resize", draw);
  });
}
