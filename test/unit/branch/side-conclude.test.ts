import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ConversationTurn, HistorySupport } from "../../../src/backends/shared/types.ts";
import { summaryOf } from "../../../src/branch/side-conclude.ts";

const PROMPT = "This side conversation is ending. Summarise what it found.";
const place = { dir: "/p", since: null, env: {} };
const turn = (role: ConversationTurn["role"], text: string): ConversationTurn => ({ role, text, at: null });
const store = (turns: ConversationTurn[] | null, last: string | null, withTurns = true): HistorySupport => ({
  conversations: () => [], find: () => null, hasExchange: () => true, remove: () => [],
  lastAnswer: () => last,
  ...(withTurns ? { turns: () => turns } : {}),
});

describe("summaryOf: the side's answer to the handback prompt", () => {
  it("is the assistant's last text after the prompt, not an earlier answer", () => {
    const turns = [turn("user", "E2E_RECALL what was the marker?"), turn("assistant", "recall: MARK-tulip"), turn("user", PROMPT), turn("assistant", "first part"), turn("tool", "Bash: ls"), turn("assistant", "the summary")];
    assert.equal(summaryOf(store(turns, "the summary"), "s", place, PROMPT, "recall: MARK-tulip"), "the summary");
  });

  it("is null while the prompt is recorded without an answer after it, though an earlier answer is the last", () => {
    const turns = [turn("user", "q"), turn("assistant", "old answer"), turn("user", PROMPT)];
    assert.equal(summaryOf(store(turns, "old answer"), "s", place, PROMPT, "old answer"), null);
  });

  it("the prompt within a longer user turn (a boundary or a quote before it) counts; the last such turn is the one", () => {
    const turns = [turn("user", `boundary\n${PROMPT}`), turn("assistant", "an old summary"), turn("user", `${PROMPT} `), turn("assistant", "the new one")];
    assert.equal(summaryOf(store(turns, "the new one"), "s", place, PROMPT, "an old summary"), "the new one");
  });

  it("without turns, or with the prompt not among them: the last answer when it changed, else null", () => {
    assert.equal(summaryOf(store(null, "new", false), "s", place, PROMPT, "old"), "new");
    assert.equal(summaryOf(store(null, "old", false), "s", place, PROMPT, "old"), null);
    assert.equal(summaryOf(store([turn("user", "something else"), turn("assistant", "new")], "new"), "s", place, PROMPT, "old"), "new");
    assert.equal(summaryOf(store(null, null), "s", place, PROMPT, null), null);
  });
});
