import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatAge, stripAnsi, trimScreen } from "../../../src/util/text.ts";

describe("text helpers", () => {
  it("strips escapes", () => assert.equal(stripAnsi("\x1b[1;31mred\x1b[0m \x1b]0;title\x07ok\r"), "red ok"));
  // What agent CLIs print and util.stripVTControlCharacters (Node 20) leaves behind: private-mode
  // CSI (modifyOtherKeys), colon sub-parameters (curly underline, truecolor), intermediate bytes (cursor shape).
  it("strips the CSI forms Node's matcher misses", () => assert.equal(stripAnsi("\x1b[>4;2ma\x1b[4:3mb\x1b[38:2::1:2:3mc\x1b[2 qd\x1b[0m"), "abcd"));
  it("trims screens", () => assert.equal(trimScreen("a  \nb\n\n  \n"), "a\nb"));
  const ages: Array<[number, string]> = [[0, "0s"], [12_000, "12s"], [125_000, "2m"], [3_700_000, "1h"], [3 * 86_400_000 + 5, "3d"]];
  for (const [ms, text] of ages) it(`age ${text}`, () => assert.equal(formatAge(ms), text));
});

describe("ages and turn timers", () => {
  const ages: Array<[number, string]> = [[0, "0s"], [12_400, "12s"], [59_999, "59s"], [60_000, "1m"], [150_000, "2m"], [3_600_000, "1h"], [86_400_000 * 3, "3d"]];
  for (const [ms, text] of ages) it(`age ${ms} ms → ${text}`, () => assert.equal(formatAge(ms), text));
});
