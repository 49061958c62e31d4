import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { needsPaste, typeable } from "../../../src/session/typing.ts";

describe("what text may be typed into a pane", () => {
  const cases: Array<[string, string, "message" | "line", string]> = [
    ["plain text is typed as it is", "fix the bug, é ü 漢字 🙂 #1 %x 'q' \"q\"", "message", "fix the bug, é ü 漢字 🙂 #1 %x 'q' \"q\""],
    ["a paste end marker cannot close the paste: ESC goes", "a\x1b[201~\r/exit\rb", "message", "a[201~\n/exit\nb"],
    ["Ctrl-C, Ctrl-D, Ctrl-U, DEL and BEL go", "a\x03b\x04c\x15d\x7fe\x07f", "message", "abcdef"],
    ["C1 controls go (U+009B is a CSI to 8-bit terminal programs)", "a\u009b2Jb\u0085c", "message", "a2Jbc"],
    ["CR LF and a lone CR are line breaks; U+2028 and U+2029 too", "one\r\ntwo\rthree\u2028four\u2029five", "message", "one\ntwo\nthree\nfour\nfive"],
    ["trailing line breaks go from a text that is submitted (they would submit early where no paste brackets are read)", "text\n\n\r\n", "message", "text"],
    ["tabs stay in a message", "a\tb", "message", "a\tb"],
    ["a line has no breaks or tabs: spaces instead", "/skill a\r\nb\tc\x1b[201~\rd", "line", "/skill a b c[201~ d"],
    ["a lone surrogate becomes U+FFFD", "a\ud800b", "message", "a\ufffdb"],
  ];
  for (const [name, text, kind, expected] of cases) it(name, () => assert.equal(typeable(text, kind), expected));

  it("a draft keeps its trailing line breaks (a quote leaves the cursor below it), still without control bytes", () => {
    assert.equal(typeable("> quoted\x1b[201~\r\n\n", "message", true), "> quoted[201~\n\n");
  });

  it("nothing it lets through is a control character but LF and TAB, whatever the input", () => {
    for (let code = 0; code < 0x3000; code++) {
      const text = `x${String.fromCharCode(code)}y${String.fromCharCode(code)}`;
      assert.ok(!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(typeable(text)), `U+${code.toString(16)}`);
      assert.ok(!/[\x00-\x1f\x7f-\x9f]/.test(typeable(text, "line")), `U+${code.toString(16)} in a line`);
    }
  });

  it("a line break or a tab goes in as one bracketed paste; anything else as typed keys", () => {
    assert.equal(needsPaste("a\nb"), true);
    assert.equal(needsPaste("a\tb"), true);
    assert.equal(needsPaste("a b"), false);
  });
});
