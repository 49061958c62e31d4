import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { jumpArgs } from "../../../src/tmux/jump.ts";
import { THEN } from "../../../src/tmux/safe-text.ts";

describe("tmux commands built for bindings and menus", () => {
  it("jumping selects the window and pane and switches the named client", () => {
    assert.deepEqual(jumpArgs("%3", "/dev/pts/1"), ["select-window", "-t", "%3", THEN, "select-pane", "-t", "%3", THEN, "switch-client", "-c", "/dev/pts/1", "-t", "%3"]);
    assert.deepEqual(jumpArgs("%3").slice(-3), ["switch-client", "-t", "%3"]);
  });
});
