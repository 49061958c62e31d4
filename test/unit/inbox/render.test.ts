import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Ask, InboxItem } from "../../../src/core/ask.ts";
import { detailLines, EMPTY, frameLines, INBOX_KEYS, plain } from "../../../src/inbox/render.ts";
import { initialState, type InboxState } from "../../../src/inbox/state.ts";
import { displayWidth } from "../../../src/util/width.ts";

const NOW = 10_000_000;
const ask = (kind: Ask["kind"], summary: string, text: string[], options: string[]): Ask => ({ kind, summary, text, options, dialog: "d", source: "hook", at: 0 });
const item = (name: string, over: Partial<InboxItem>): InboxItem => ({
  pane: `%${name.length + 10}`, name, key: "", backend: "claude", account: "", state: "blocked", background: false, since: NOW - 65_000, snoozed: false, ask: null, ...over,
});
const perm = item("web #2", { account: "work", ask: ask("permission", "Bash: touch marker", ["Bash command", "touch marker"], ["Yes", "Yes, and always allow access to work/", "No"]) });
const question = item("api 'q'", { backend: "codex", since: NOW - 5_000, ask: ask("question", "Which colour?", ["Which colour?"], ["Red", "Blue", "Type something.", "Chat about this"]) });
const waiting = item("docs 100%", { state: "waiting", background: true, since: NOW - 3_600_000, ask: ask("answer", "received: hi", ["received: hi", "and more"], []) });
const snoozed = item("naps", { state: "waiting", snoozed: true, ask: null });

let saved: string | undefined;
before(() => { saved = process.env["NO_COLOR"]; process.env["NO_COLOR"] = "1"; });
after(() => { if (saved === undefined) delete process.env["NO_COLOR"]; else process.env["NO_COLOR"] = saved; });

const lines = (state: InboxState, width = 80, height = 16) => frameLines(state, { width, height, now: NOW }).map((l) => l.trimEnd());

describe("the inbox's frame", () => {
  it("the highlighted item in full (its text, its numbered options), the others in one line; heading and key help", () => {
    assert.deepEqual(lines(initialState([perm, question, waiting, snoozed])), [
      " Needs you: 4 (2 blocked)",
      "›⚠ blocked  web #2     claude  work  1m  Bash: touch marker",
      "    Bash command",
      "    touch marker",
      "    1. Yes",
      "    2. Yes, and always allow access to work/",
      "    3. No",
      " ⚠ blocked  api 'q'    codex         5s  Which colour?",
      " ◍ waiting  docs 100%  claude        1h  received: hi",
      " ● waiting  naps       claude        1m  (snoozed)",
      "", "", "", "",
      "",
      ` ${INBOX_KEYS}`,
    ].map((l) => l.trimEnd()));
  });
  it("moving the highlight opens the next item instead", () => {
    const state = { ...initialState([perm, question, waiting]), cursor: 1 };
    const shown = lines(state).slice(1, 9);
    assert.deepEqual(shown, [
      " ⚠ blocked  web #2     claude  work  1m  Bash: touch marker",
      "›⚠ blocked  api 'q'    codex         5s  Which colour?",
      "    Which colour?",
      "    1. Red",
      "    2. Blue",
      "    3. Type something.",
      "    4. Chat about this",
      " ◍ waiting  docs 100%  claude        1h  received: hi",
    ]);
  });
  it("an answer's first lines; an item with nothing read says so", () => {
    assert.deepEqual(detailLines(waiting), ["received: hi", "and more"]);
    assert.deepEqual(detailLines(snoozed), ["(nothing read from it yet)"]);
  });
  it("empty: Nothing needs you, with the keys", () => {
    const shown = lines(initialState([]));
    assert.equal(shown[0], ` ${EMPTY}`);
    assert.equal(shown.at(-1), ` ${INBOX_KEYS}`);
  });
  it("the notice and the reply editor take the line above the key help; a newline shows as ⏎", () => {
    assert.equal(lines({ ...initialState([perm]), notice: "web #2: the dialog changed; nothing sent" }).at(-2), " web #2: the dialog changed; nothing sent");
    const editing = lines({ ...initialState([waiting]), editor: { pane: waiting.pane, name: "docs 100%", text: "yes\nno" } });
    assert.equal(editing.at(-2), " reply to docs 100%: yes⏎no▏");
    assert.match(editing.at(-1) ?? "", /ctrl-j or alt-⏎ new line/);
  });
  it("no line is wider than the popup, names with control characters stay on one line", () => {
    const hostile = item("evil\nname\x1b[31m #%'\"", { ask: ask("permission", "Bash: rm -rf /\ttmp\n".repeat(20), ["x".repeat(300)], ["Yes".repeat(40), "No"]) });
    for (const width of [31, 50, 80]) {
      const shown = frameLines(initialState([hostile, perm, question]), { width, height: 12, now: NOW });
      assert.equal(shown.length, 12);
      for (const l of shown) {
        assert.ok(displayWidth(plain(l)) <= width - 1, `${JSON.stringify(plain(l))} wider than ${width - 1}`);
        assert.doesNotMatch(plain(l), /[\n\x1b]/);
      }
    }
  });
  it("a long list scrolls to keep the highlighted item and its text in view", () => {
    const many = Array.from({ length: 20 }, (_, i) => item(`s${i}`, { pane: `%${i + 10}`, ask: ask("permission", `tool ${i}`, [`cmd ${i}`], ["Yes", "No"]) }));
    const shown = lines({ ...initialState(many), cursor: 15 }, 60, 10);
    assert.equal(shown.length, 10);
    const at = shown.findIndex((l) => l.startsWith("›"));
    assert.match(shown[at] ?? "", /s15/);
    assert.deepEqual(shown.slice(at + 1, at + 4), ["    cmd 15", "    1. Yes", "    2. No"]);
  });
});
