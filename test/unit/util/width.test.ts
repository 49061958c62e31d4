import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { displayWidth, truncate } from "../../../src/util/width.ts";

describe("display width", () => {
  const rows: Array<[string, number]> = [
    ["api", 3], ["日本語", 6], ["日本語proj", 10], ["ｆｕｌｌ", 8], ["한글", 4], ["é", 1], ["e\u0301", 1], ["✻ ◎ ▸", 5],
    ["🚀", 2], ["👩‍💻", 2], ["⏱ 1m", 4], ["", 0], ["a\u200bb", 2],
  ];
  for (const [text, width] of rows) it(`${JSON.stringify(text)} is ${width} columns`, () => assert.equal(displayWidth(text), width));
  // From Unicode's East Asian Width table: CJK beyond the BMP, newer emoji, combining marks.
  const more: Array<[string, number]> = [
    ["𠮷野家", 6], ["中文abc", 7], ["ㄅ", 2], ["〜", 2], ["ｱ", 1], ["Ω", 1], ["±", 1],
    ["🫠", 2], ["🪿", 2], ["🧑‍🤝‍🧑", 2], ["👍🏽", 2], ["⚡", 2], ["✅ ok", 5],
    ["a\u0300\u0301", 1], ["न\u094d", 1], ["e\u20dd", 1], ["x\ufe0f", 1], ["\u2060", 0],
  ];
  for (const [text, width] of more) it(`${JSON.stringify(text)} is ${width} columns`, () => assert.equal(displayWidth(text), width));
});

describe("truncation with an ellipsis", () => {
  const rows: Array<[string, number, string]> = [
    ["hello world", 20, "hello world"], ["hello world", 11, "hello world"], ["hello world", 10, "hello wor…"],
    ["hello", 1, "…"], ["hello", 0, ""], ["日本語テキスト", 7, "日本語…"], ["日本語テキスト", 6, "日本…"], ["ab日本", 4, "ab…"],
  ];
  for (const [text, max, expected] of rows) {
    it(`${JSON.stringify(text)} in ${max} → ${JSON.stringify(expected)}`, () => {
      const out = truncate(text, max);
      assert.equal(out, expected);
      assert.ok(displayWidth(out) <= max);
    });
  }
});
