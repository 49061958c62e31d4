import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseStringArray, scanToml } from "../../../../src/backends/codex/toml.ts";

describe("scanToml", () => {
  it("finds headers and keys past multi-line arrays, strings and inline tables", () => {
    const text = 'a = [\n  "[not]",\n  [1, 2],\n]\nb = """\n[x]\n"""\nc = { d = "}" } # c\n[t."q.k"]\n[[arr]]\ne = 1979-05-27 07:32:00\n';
    const shape = scanToml(text).map((e) => (e.kind === "header" ? `[${e.keys.join("|")}]` : `${e.table.join("|")}:${e.keys.join("|")}`));
    assert.deepEqual(shape, [":a", ":b", ":c", "[t|q.k]", "[arr]", "arr:e"]);
  });
});

describe("parseStringArray", () => {
  const rows: Array<[string, string[] | null]> = [
    ['["a", \'b c\', "d\\"e"]', ["a", "b c", 'd"e']],
    ['[\n  "x", # note\n]', ["x"]],
    ["[]", []],
    ['"a"', null],
    ["[1]", null],
    ['["a"] x', null],
  ];
  for (const [value, expected] of rows) it(value, () => assert.deepEqual(parseStringArray(value), expected));
});
