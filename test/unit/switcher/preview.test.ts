import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { screenLine, screenLines } from "../../../src/switcher/preview.ts";

describe("the preview's screen lines", () => {
  const rows: Array<[string, string]> = [
    ["plain text  ", "plain text"],
    ["\x1b[1;31mred\x1b[0m and \x1b]8;;http://x\x07link\x1b]8;;\x07", "red and link"],
    ["a\u009b31mb\u0085c", "abc"],
    ["tab\there", "tab  here"],
    ["bell\x07 back\b\r", "bell back"],
    ["日本語 #[fg=red] %4 'q'", "日本語 #[fg=red] %4 'q'"],
  ];
  for (const [line, shown] of rows) it(JSON.stringify(line), () => assert.equal(screenLine(line), shown));
  it("the blank lines under the last text are left off, those between kept", () => {
    assert.deepEqual(screenLines("$ ls\n\nfile\n\n   \n\n"), ["$ ls", "", "file"]);
    assert.deepEqual(screenLines("\n\n"), []);
  });
});
