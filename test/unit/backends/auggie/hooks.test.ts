import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { auggieHooks } from "../../../../src/backends/auggie/hooks.ts";

describe("Auggie's hook groups", () => {
  it("the forwarder is the command and the words are arguments: no quoting, ${…} kept literal", () => {
    const groups = auggieHooks("/a b/${X}/agentmux-hook", ["--global"]);
    assert.deepEqual(groups["PreToolUse"], [{ matcher: ".*", hooks: [{ type: "command", command: "/a b/\\${X}/agentmux-hook", args: ["--global", "PreToolUse"], timeout: 10_000 }] }]);
    assert.deepEqual(groups["Stop"], [{ hooks: [{ type: "command", command: "/a b/\\${X}/agentmux-hook", args: ["--global", "Stop"], timeout: 10_000 }] }]);
  });
});
