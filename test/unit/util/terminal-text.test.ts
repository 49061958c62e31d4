import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { block, joinShown, safeJson, safeLine, shown } from "../../../src/util/terminal-text.ts";

describe("text from outside, made safe for a terminal", () => {
  const rows: Array<[string, string, string]> = [
    ["plain text, unicode, wide and emoji as they are", "é ü 漢字 🙂 #1 %x 'q' \"q\"", "é ü 漢字 🙂 #1 %x 'q' \"q\""],
    ["an escape that clears the screen is written out", "a\x1b[2Jb", "a\\e[2Jb"],
    ["an OSC 52 clipboard write is written out", "\x1b]52;c;ZWNobyBwd25lZA==\x07", "\\e]52;c;ZWNobyBwd25lZA==\\x07"],
    ["a newline cannot forge a row", "dir\nFAKE  row", "dir\\nFAKE  row"],
    ["CR, tab, DEL and C1 (U+009B CSI) are written out", "a\rb\tc\x7fd\u009be", "a\\rb\\tc\\x7fd\\x9be"],
    ["a right-to-left override cannot turn a row around", "abc\u202edef\u2066x", "abc\\u202edef\\u2066x"],
    ["a lone surrogate becomes U+FFFD", "a\ud800b", "a\ufffdb"],
  ];
  for (const [name, input, expected] of rows) it(name, () => assert.equal(safeLine(input), expected));

  it("safeLine is idempotent: what it made is safe again as it is", () => {
    for (const [, input] of rows) assert.equal(safeLine(safeLine(input)), safeLine(input));
  });

  it("a block keeps its lines and tabs, nothing else", () => {
    assert.equal(block("one\r\ntwo\tx\n\x1b[31mred\x1b[0m").text, "one\ntwo\tx\n\\e[31mred\\e[0m");
  });

  it("a shown line keeps agentmux's own words and makes every value safe; a Shown value is kept as it is", () => {
    const name = "evil\n\x1b[2J";
    assert.equal(shown`ran ${name} in ${3} (${true})\n`.text, "ran evil\\n\\e[2J in 3 (true)\n");
    assert.equal(shown`a ${shown`b ${"\x07"}`} c`.text, "a b \\x07 c");
    assert.equal(joinShown([shown`x`, shown`${"y\n"}`]).text, "x\ny\\n");
  });

  it("JSON escapes C1, DEL, bidi characters and U+2028/U+2029 too, and reads back the same", () => {
    const value = { name: "a\u202eb\u009b\u2028\x7f\x1b", n: 1 };
    const text = safeJson(value).text;
    assert.ok(!/[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(text.replace(/\n/g, "")), text);
    assert.deepEqual(JSON.parse(text), value);
  });
});
