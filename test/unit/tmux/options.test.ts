import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setOptionArgs, showOptionArgs, unsetOptionArgs } from "../../../src/tmux/options.ts";

describe("formats", () => {
  it("builds option arguments per scope", () => {
    assert.deepEqual(setOptionArgs({ pane: "%1" }, "@agentmux-state", "idle"), ["set-option", "-q", "-p", "-t", "%1", "@agentmux-state", "idle"]);
    assert.deepEqual(setOptionArgs("global", "@agentmux-status", "x"), ["set-option", "-q", "-g", "@agentmux-status", "x"]);
    assert.deepEqual(unsetOptionArgs({ window: "@2" }, "@m"), ["set-option", "-q", "-u", "-w", "-t", "@2", "@m"]);
    assert.deepEqual(showOptionArgs("global", "@m"), ["show-option", "-qv", "-g", "@m"]);
  });
});
