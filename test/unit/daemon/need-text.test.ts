import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Ask } from "../../../src/core/ask.ts";
import { INTERRUPTED } from "../../../src/daemon/ask-build.ts";
import { needText } from "../../../src/daemon/need-text.ts";

const ask = (kind: Ask["kind"], summary: string, text: string[] = [summary]): Ask => ({ kind, summary, text, options: [], dialog: "", source: "screen", at: 0 });

/** One text per Ask: the notification says what the inbox, the switcher and the page show. */
describe("needText", () => {
  const rows: Array<[string, string, Parameters<typeof needText>[2], Ask | null, string, string]> = [
    ["Gemini's permission: the Ask's command, not the notification's words", "blocked", { why: "permission", detail: "Tool Confirm Shell Command requires execution" }, ask("permission", "touch /home/dev/z"), "g asks permission: touch /home/dev/z", "permission"],
    ["opencode's permission with no words in its cause: the Ask's", "blocked", { why: "permission" }, ask("permission", "bash: ls -la"), "g asks permission: bash: ls -la", "permission"],
    ["a finished turn with no words in its cause: the Ask's answer", "waiting", { why: "finished" }, ask("answer", "Done: 3 files changed"), "g finished: Done: 3 files changed", "finished"],
    ["Claude's folder trust: a trust question quoting the folder", "blocked", { why: "trust" }, ask("trust", "Trust the folder /home/dev/w?"), "g asks whether to trust a folder: Trust the folder /home/dev/w?", "trust"],
    ["a plan by its first line", "blocked", { why: "plan" }, ask("plan", "Plan", ["1. Add the route", "2. Test it"]), "g asks to approve a plan: 1. Add the route", "plan"],
    ["an interrupted turn: no made-up words", "blocked", { why: "interrupted" }, ask("dialog", INTERRUPTED), "g was interrupted", "interrupted"],
    ["an unknown dialog: the cause's why, the Ask's words", "blocked", { why: "declared", detail: "x" }, ask("dialog", "Press Enter to open"), "g needs you: Press Enter to open", "declared"],
    ["an answer Ask does not speak for a blocked session", "blocked", { why: "permission", detail: "rm x" }, ask("answer", "old answer"), "g asks permission: rm x", "permission"],
    ["no Ask: the cause's words", "blocked", { why: "question", detail: "Which colour?" }, null, "g asks a question: Which colour?", "question"],
    ["nothing at all", "blocked", undefined, null, "g needs you", "needs you"],
  ];
  for (const [name, state, cause, a, text, reason] of rows) {
    // said: whether the text says what (a notification without it waits for the Ask a moment).
    it(name, () => assert.deepEqual(needText("g", state, cause, a), { text, reason, said: text.includes(": ") }));
  }
});
