import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseInboxKeys } from "../../../src/inbox/keys.ts";

describe("the inbox's key reader", () => {
  it("Enter (CR) is enter; Ctrl-J (LF) and Alt-Enter (ESC CR) are newlines; the rest as the switcher reads them", () => {
    assert.deepEqual(parseInboxKeys("a\rb\nc\x1b\r\x1b[A\x1b"), [
      { kind: "char", ch: "a" }, { kind: "enter" }, { kind: "char", ch: "b" }, { kind: "newline" }, { kind: "char", ch: "c" }, { kind: "newline" }, { kind: "up" }, { kind: "escape" },
    ]);
    assert.deepEqual(parseInboxKeys("\n\n"), [{ kind: "newline" }, { kind: "newline" }]);
  });
});
