import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isAllowedKey } from "../../../src/mcp/key-names.ts";

describe("mcp send_keys: the keys an agent may press", () => {
  it("the names `agentmux keys` documents, and single printable characters", () => {
    for (const key of ["Escape", "Enter", "Tab", "BTab", "Up", "C-c", "y", "n", "1", "/"]) assert.equal(isAllowedKey(key), true, key);
  });
  it("nothing else: words, prefixes, tmux's other names, spaces, control bytes", () => {
    for (const key of ["", " ", "yes", "C-b", "M-x", "F1", "enter", "\u0003", "é", "Enter Enter", "-l"]) assert.equal(isAllowedKey(key), false, JSON.stringify(key));
  });
});
