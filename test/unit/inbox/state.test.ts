import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Ask, InboxItem } from "../../../src/core/ask.ts";
import { parseInboxKeys } from "../../../src/inbox/keys.ts";
import { initialState, optionLabel, press, withItems, type Action, type InboxState } from "../../../src/inbox/state.ts";

const ask = (kind: Ask["kind"], options: string[], summary = "what"): Ask => ({ kind, summary, text: [summary], options, dialog: options.length ? "d1" : "", source: "screen", at: 1 });
export const item = (pane: string, name: string, a: Ask | null, state: InboxItem["state"] = "blocked", snoozed = false): InboxItem => ({
  pane, name, key: "", backend: "claude", account: "", state, background: false, since: 0, snoozed, ask: a,
});

const perm = item("%12", "web #2", ask("permission", ["Yes", "Yes, and always allow access to work/", "No"], "Bash: touch marker"));
const question = item("%13", "api 'q'", ask("question", ["Red", "Blue", "Type something.", "Chat about this"], "Which colour?"));
const codex = item("%14", "cx", ask("permission", ["1. Yes, proceed (y)", "2. Yes, and don't ask again for `touch x` (p)", "3. No, and tell Codex what to do differently (esc)"]));
const edits = item("%17", "ed", ask("permission", ["Yes", "Yes, allow all edits during this session (shift+tab)", "No"]));
const noNo = item("%15", "odd", ask("permission", ["Allow", "Deny"]));
const waiting = item("%16", "docs 100%", ask("answer", [], "received: hi"), "waiting");

/** The keys typed in order: the last state and every action asked for. */
function run(keys: string, state: InboxState = initialState([perm, question, codex, noNo, waiting])): { state: InboxState; actions: Action[] } {
  const actions: Action[] = [];
  for (const key of parseInboxKeys(keys)) {
    const outcome = press(state, key);
    state = outcome.state;
    if (outcome.action) actions.push(outcome.action);
  }
  return { state, actions };
}
const answered = (keys: string) => run(keys).actions.map((a) => (a.kind === "answer" ? `${a.item.pane} ${a.keys.join(" ")} ${a.label}` : a.kind));

describe("the inbox's keys", () => {
  it("↑↓ and j k move (wrapping), Enter goes to the highlighted session", () => {
    assert.deepEqual(run("\x1b[B\x1b[B\r").actions, [{ kind: "jump", pane: "%14" }]);
    assert.deepEqual(run("jjk\r").actions, [{ kind: "jump", pane: "%13" }]);
    assert.deepEqual(run("\x1b[A\r").actions, [{ kind: "jump", pane: "%16" }]);
  });
  it("a digit picks that option of the highlighted item's dialog; one it lacks says so and sends nothing", () => {
    assert.deepEqual(answered("j2"), ["%13 2 2. Blue"]);
    assert.deepEqual(answered("3"), ["%12 3 3. No"]);
    const r = run("5");
    assert.deepEqual(r.actions, []);
    assert.equal(r.state.notice, "web #2 has options 1-3");
    assert.match(run("jjjj1").state.notice, /docs 100% shows no options/);
  });
  it("y is option 1; n the option whose label starts with No (numbered or not), else Escape", () => {
    assert.deepEqual(answered("y"), ["%12 1 1. Yes"]);
    assert.deepEqual(answered("n"), ["%12 3 3. No"]);
    assert.deepEqual(answered("jjn"), ["%14 Escape 3. No, and tell Codex what to do differently (esc)"]);
    assert.deepEqual(answered("jjjn"), ["%15 2 2. Deny"], "Deny or Reject is the no too");
    assert.equal(optionLabel("❯ 1. Yes"), "Yes");
  });
  it("an option whose label ends with its shortcut (a letter, esc) is picked with it; others with their digit", () => {
    assert.deepEqual(answered("jjy"), ["%14 y 1. Yes, proceed (y)"]);
    assert.deepEqual(answered("jj2"), ["%14 p 2. Yes, and don't ask again for `touch x` (p)"]);
    assert.deepEqual(run("2", initialState([edits])).actions.map((a) => (a.kind === "answer" ? a.keys : [])), [["2"]]);
  });
  it("a dialog drawn without numbers is answered with the keys its manifest gives each choice", () => {
    const cline = item("%18", "cl", { ...ask("permission", ["Approve", "Deny"]), keys: [["y"], ["n"]] });
    const kilo = item("%19", "ki", { ...ask("permission", ["Allow once", "Allow always", "Reject"]), keys: [["Enter"], ["Right", "Enter"], ["Right", "Right", "Enter"]] });
    const keysOf = (keys: string, it: InboxItem) => run(keys, initialState([it])).actions.map((a) => (a.kind === "answer" ? a.keys.join(" ") : a.kind));
    assert.deepEqual(keysOf("y", cline), ["y"]);
    assert.deepEqual(keysOf("n", cline), ["n"]);
    assert.deepEqual(keysOf("2", cline), ["n"]);
    assert.deepEqual(keysOf("y", kilo), ["Enter"]);
    assert.deepEqual(keysOf("n", kilo), ["Right Right Enter"]);
    assert.deepEqual(keysOf("2", kilo), ["Right Enter"]);
  });
  it("y and n answer a folder-trust question as its dialog offers: Yes, I trust this folder / No, exit", () => {
    const trust = item("%20", "tr", ask("trust", ["❯ 1. Yes, I trust this folder", "2. No, exit"]));
    const keysOf = (keys: string) => run(keys, initialState([trust])).actions.map((a) => (a.kind === "answer" ? `${a.keys.join(" ")} ${a.label}` : a.kind));
    assert.deepEqual(keysOf("y"), ["1 1. Yes, I trust this folder"]);
    assert.deepEqual(keysOf("n"), ["2 2. No, exit"]);
    assert.deepEqual(keysOf("2"), ["2 2. No, exit"]);
  });
  it("y and n answer permissions and trust questions only: on a question they say to pick with a digit", () => {
    const r = run("jy");
    assert.deepEqual(r.actions, []);
    assert.match(r.state.notice, /api 'q' asks a question: pick an option with its digit/);
  });
  it("r opens the reply editor on a waiting session: text, Ctrl-J and Alt-Enter newlines, backspace, Enter sends", () => {
    const r = run("kryes\nno\x1b\rx\x7f!\r");
    assert.deepEqual(r.actions, [{ kind: "reply", item: waiting, text: "yes\nno\n!" }]);
    assert.equal(r.state.editor, null);
  });
  it("the editor: Esc cancels, an empty reply is not sent, the keys inside it are text (q, digits, y)", () => {
    assert.deepEqual(run("krq1y\x1b").actions, []);
    assert.deepEqual(run("kr\r").state.editor?.pane, "%16");
    assert.deepEqual(run("krq1y\r").actions, [{ kind: "reply", item: waiting, text: "q1y" }]);
  });
  it("r on a blocked session says to answer its dialog", () => {
    const r = run("r");
    assert.equal(r.state.editor, null);
    assert.match(r.state.notice, /r replies to a waiting session/);
  });
  it("the reply goes to the session it was opened on, even when the list reorders; gone: nothing sent", () => {
    const open = run("kr").state;
    const reordered = withItems(open, [waiting, perm]);
    assert.deepEqual(run("ok\r", reordered).actions, [{ kind: "reply", item: waiting, text: "ok" }]);
    const gone = run("ok\r", withItems(open, [perm]));
    assert.deepEqual(gone.actions, []);
    assert.match(gone.state.notice, /no longer waits; nothing sent/);
  });
  it("z snoozes, and wakes a snoozed one", () => {
    assert.deepEqual(run("z").actions, [{ kind: "snooze", item: perm, on: true }]);
    const sleeping = item("%20", "s", null, "waiting", true);
    assert.deepEqual(run("z", initialState([sleeping])).actions, [{ kind: "snooze", item: sleeping, on: false }]);
  });
  it("Esc, q and Ctrl-C close; an empty inbox closes on them too and ignores the rest", () => {
    for (const key of ["\x1b", "q", "\x03"]) assert.deepEqual(run(key).actions, [{ kind: "quit" }]);
    assert.deepEqual(run("jy1\rq", initialState([])).actions, [{ kind: "quit" }]);
  });
  it("a push keeps the highlight on the same session; when it goes, the highlight stays in place", () => {
    const on = run("jj").state;
    assert.equal(withItems(on, [codex, perm]).cursor, 0);
    assert.equal(withItems(on, [perm, question]).cursor, 1);
    assert.equal(withItems(on, []).cursor, 0);
  });
});
