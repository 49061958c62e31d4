import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { answersDialog, checkKeys, dialogLetters, keyList, PAGE_KEYS } from "../../../src/remote/keys.ts";

const dialog = (options: string[], keys?: string[][]) => ({ options, ...(keys ? { keys } : {}) });

describe("the keys the page may send", () => {
  it("the page's own row, as etc/remote/session.js draws it", () => {
    assert.deepEqual(PAGE_KEYS, ["Escape", "1", "2", "3", "4", "5", "6", "7", "8", "9", "y", "n", "Left", "Up", "Down", "Right", "Tab", "BTab", "Enter", "C-c"]);
    for (const k of PAGE_KEYS) assert.deepEqual(checkKeys([k], null), { ok: true, keys: [k] }, k);
  });

  it("a request's keys: a list of 1 to 16 names, each of the row or a single letter; anything else refused, naming it", () => {
    assert.deepEqual(keyList(["Escape", "a"]), { ok: true, keys: ["Escape", "a"] });
    const rows: Array<[unknown, string]> = [
      [["Space"], "Space"], [["0"], "0"], [["C-b"], "C-b"], [["C-d"], "C-d"], [["M-x"], "M-x"], [["Escape", "F1"], "F1"], [["ab"], "ab"], [["send-keys"], "send-keys"],
      [[1], "1"], [[], "[]"], ["Escape", "\"Escape\""], [Array(17).fill("1"), JSON.stringify(Array(17).fill("1"))],
    ];
    for (const [keys, refused] of rows) assert.deepEqual(keyList(keys), { ok: false, refused }, JSON.stringify(keys));
  });

  it("a letter only where the dialog on screen names it; none without a dialog", () => {
    assert.deepEqual(checkKeys(["q"], null), { ok: false, refused: "q" });
    assert.deepEqual(checkKeys(["a"], dialog(["Yes", "No"])), { ok: false, refused: "a" }, "a numbered dialog takes digits");
    assert.deepEqual(checkKeys(["a"], dialog(["[A]llow", "[D]eny"], [["a"], ["d"]])), { ok: true, keys: ["a"] });
    assert.deepEqual(checkKeys(["x"], dialog(["[A]llow", "[D]eny"], [["a"], ["d"]])), { ok: false, refused: "x" });
    assert.deepEqual(checkKeys(["p"], dialog(["Yes, proceed (y)", "Yes, and don't ask again for these files (p)", "No (esc)"])), { ok: true, keys: ["p"] });
  });

  it("the letters of a dialog: its options' own keys, letters only", () => {
    assert.deepEqual(dialogLetters(dialog(["Yes, proceed (y)", "Always (a)", "No (esc)"])), ["y", "a"]);
    assert.deepEqual(dialogLetters(dialog(["Yes, allow", "No, cancel"], [["Up", "Up", "Enter"], ["Down", "Down", "Enter"]])), []);
    assert.deepEqual(dialogLetters(null), []);
  });

  it("every key but Escape and C-c may answer a dialog, so it needs the stale check", () => {
    for (const k of ["1", "y", "n", "Enter", "Up", "Tab", "BTab", "a"]) assert.equal(answersDialog([k]), true, k);
    assert.equal(answersDialog(["Escape"]), false);
    assert.equal(answersDialog(["C-c"]), false);
    assert.equal(answersDialog(["Escape", "1"]), true);
  });
});
