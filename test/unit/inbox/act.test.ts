import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Ask, InboxItem } from "../../../src/core/ask.ts";
import { answerItem, replyTo, snoozeItem, type ActDeps } from "../../../src/inbox/act.ts";
import { CHANGED } from "../../../src/session/stale.ts";
import { Tmux } from "../../../src/tmux/tmux.ts";

/** A tmux that shows one screen and records what is typed; anything else fails (no daemon to tell). */
function fakeTmux(screen: () => string | null) {
  const typed: string[][] = [];
  const tmux = new Tmux({ socketName: "none" }, {
    run: async (args: string[]) => {
      if (args[0] === "capture-pane") { const s = screen(); if (s === null) throw new Error("no pane"); return s; }
      if (args[0] === "send-keys" || args[0] === "set-option") { typed.push(args); return ""; }
      if (args[0] === "display-message") return "/nonexistent/agentmux-test.sock";
      throw new Error(`unexpected tmux ${args.join(" ")}`);
    },
  });
  return { tmux, typed };
}

const ask = (dialog: string): Ask => ({ kind: "permission", summary: "Bash: x", text: [], options: ["Yes", "No"], dialog, source: "screen", at: 0 });
const item = (a: Ask | null, state: InboxItem["state"] = "blocked"): InboxItem => ({ pane: "%12", name: "web #2", key: "", backend: "claude", account: "", state, background: false, since: 0, snoozed: false, ask: a });
/** The fake dialog reader: a screen line "DIALOG <digest>" is a dialog with that digest. */
const deps = (tmux: Tmux): ActDeps => ({ tmux, readDialog: async (s) => { const m = /DIALOG (\w+)/.exec(s); return m ? { digest: m[1] as string } : null; }, promptLine: async () => undefined });

describe("answering from the inbox", () => {
  it("an answer goes in while the screen shows the same dialog", async () => {
    const { tmux, typed } = fakeTmux(() => "DIALOG abc");
    const done = await answerItem(deps(tmux), item(ask("abc")), ["1"], "1. Yes");
    assert.deepEqual(done, { sent: true, notice: "web #2: answered 1. Yes" });
    assert.deepEqual(typed, [["send-keys", "-t", "%12", "--", "1"]]);
  });
  it("a stale answer is refused and nothing is typed: another dialog, or none", async () => {
    for (const screen of ["DIALOG xyz", "plain prompt"]) {
      const { tmux, typed } = fakeTmux(() => screen);
      assert.deepEqual(await answerItem(deps(tmux), item(ask("abc")), ["1"], "1. Yes"), { sent: false, notice: `web #2: ${CHANGED}` });
      assert.deepEqual(typed, []);
    }
  });
  it("a pane that is gone: nothing typed", async () => {
    const { tmux, typed } = fakeTmux(() => null);
    assert.match((await answerItem(deps(tmux), item(ask("abc")), ["1"], "1")).notice, /its pane is gone; nothing sent/);
    assert.deepEqual(typed, []);
  });
  it("a reply is typed literally and submitted while no dialog shows; refused when one opened", async () => {
    const { tmux, typed } = fakeTmux(() => "❯ ");
    assert.deepEqual(await replyTo(deps(tmux), item(null, "waiting"), "it's #1 100%"), { sent: true, notice: "web #2: reply sent" });
    assert.deepEqual(typed.slice(0, 2), [["send-keys", "-t", "%12", "-l", "--", "it's #1 100%"], ["send-keys", "-t", "%12", "--", "Enter"]]);
    const stale = fakeTmux(() => "DIALOG new");
    assert.match((await replyTo(deps(stale.tmux), item(null, "waiting"), "hi")).notice, /a dialog is open there now; nothing sent/);
    assert.deepEqual(stale.typed, []);
  });
  it("z snoozes until undone, and wakes", async () => {
    const { tmux, typed } = fakeTmux(() => "");
    await snoozeItem(tmux, item(null), true);
    await snoozeItem(tmux, item(null), false);
    assert.deepEqual(typed, [["set-option", "-q", "-p", "-t", "%12", "@agentmux-snoozed", "1"], ["set-option", "-q", "-u", "-p", "-t", "%12", "@agentmux-snoozed"]]);
  });
});
