import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseKeys } from "../../../src/switcher/input.ts";

describe("terminal keys", () => {
  const rows: Array<[string, string[]]> = [
    ["a", ["char:a"]], ["\x1b", ["escape"]], ["\x1b[A\x1b[B", ["up", "down"]], ["\x1bOA", ["up"]], ["\r", ["enter"]],
    ["\x7f", ["backspace"]], ["\x03", ["interrupt"]], ["\x15", ["clear"]], ["/ap", ["char:/", "char:a", "char:p"]],
    ["日本", ["char:日", "char:本"]], ["\x1b[5~", []], ["\x0e\x10", ["down", "up"]], ["\t", ["tab"]],
  ];
  for (const [data, keys] of rows) {
    it(JSON.stringify(data), () => assert.deepEqual(parseKeys(data).map((k) => (k.kind === "char" ? `char:${k.ch}` : k.kind)), keys));
  }
});
