import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { choiceFrame, initialCursor, pressChoice, type ChoiceLine } from "../../../src/switcher/choose.ts";
import { stripAnsi } from "../../../src/util/text.ts";

const lines: ChoiceLine[] = [
  { kind: "header", label: "Pools" },
  { kind: "item", value: "work", label: "work" },
  { kind: "header", label: "Accounts" },
  { kind: "item", value: "a", label: "a", current: true },
  { kind: "item", value: "b", label: "b", detail: "session 1%" },
];

describe("the one-question picker", () => {
  it("starts on the current answer and skips headings", () => {
    assert.equal(initialCursor(lines), 1);
    assert.equal(initialCursor(lines.filter((l) => l.kind === "header" || !l.current)), 0);
  });

  it("moves with arrows and j/k (wrapping), chooses with Enter or a digit, cancels with Escape, q or Ctrl-C", () => {
    const table: Array<[number, Parameters<typeof pressChoice>[2], unknown]> = [
      [1, { kind: "down" }, { kind: "stay", cursor: 2 }],
      [2, { kind: "down" }, { kind: "stay", cursor: 0 }],
      [0, { kind: "up" }, { kind: "stay", cursor: 2 }],
      [0, { kind: "char", ch: "j" }, { kind: "stay", cursor: 1 }],
      [1, { kind: "char", ch: "k" }, { kind: "stay", cursor: 0 }],
      [0, { kind: "end" }, { kind: "stay", cursor: 2 }],
      [2, { kind: "enter" }, { kind: "chosen", value: "b" }],
      [0, { kind: "char", ch: "2" }, { kind: "chosen", value: "a" }],
      [0, { kind: "char", ch: "4" }, { kind: "stay", cursor: 0 }],
      [0, { kind: "char", ch: "x" }, { kind: "stay", cursor: 0 }],
      [1, { kind: "escape" }, { kind: "cancel" }],
      [1, { kind: "char", ch: "q" }, { kind: "cancel" }],
      [1, { kind: "interrupt" }, { kind: "cancel" }],
    ];
    for (const [cursor, key, expected] of table) assert.deepEqual(pressChoice(lines, cursor, key), expected, `${cursor} ${JSON.stringify(key)}`);
  });

  it("a disabled answer cannot be chosen, by Enter or by its digit, and is drawn dim even highlighted", () => {
    const off: ChoiceLine[] = [{ kind: "item", value: "a", label: "a" }, { kind: "item", value: "out", label: "out", disabled: true }];
    assert.deepEqual(pressChoice(off, 1, { kind: "enter" }), { kind: "stay", cursor: 1 });
    assert.deepEqual(pressChoice(off, 0, { kind: "char", ch: "2" }), { kind: "stay", cursor: 0 });
    assert.deepEqual(pressChoice(off, 1, { kind: "up" }), { kind: "stay", cursor: 0 });
    assert.deepEqual(pressChoice(off, 0, { kind: "enter" }), { kind: "chosen", value: "a" });
    assert.match(choiceFrame("Which?", off, 1, { width: 60, height: 20 })[3] ?? "", /\x1b\[2mout/);
  });

  it("draws the question, numbered answers with the highlight and the current one marked, and the key help", () => {
    const frame = choiceFrame("Which?", lines, 2, { width: 60, height: 20 }).map((l) => stripAnsi(l).trimEnd());
    assert.deepEqual(frame, [" Which?", "", " Pools", " 1   work", " Accounts", " 2 ● a", "›3   b     session 1%", "", " ↑↓ move · ⏎ or 1-9 choose · esc cancel"]);
  });

  it("scrolls to keep the highlight in view on a short screen", () => {
    const many: ChoiceLine[] = Array.from({ length: 30 }, (_, i) => ({ kind: "item", value: `v${i}`, label: `item${i}` }));
    const frame = choiceFrame("Which?", many, 25, { width: 60, height: 10 }).map((l) => stripAnsi(l).trimEnd());
    assert.equal(frame.length, 10);
    assert.ok(frame.includes("›    item25"), frame.join("\n"));
    assert.ok(!frame.some((l) => l.includes("item0")));
  });
});
