import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { agentsConfig } from "../../../../src/backends/agents-config.ts";
import { DROID_HOOK_EVENTS } from "../../../../src/backends/droid/hook-events.ts";
import { droidOutsideConfig } from "../../../../src/backends/droid/outside-config.ts";
import { shWords } from "../../../../src/util/sh.ts";

const scripts = { hook: "/opt/agent mux/it's/shell/agentmux-hook", statusLine: "/unused" };

describe("init --agents: droid's part", () => {
  const lines = droidOutsideConfig(scripts);
  const json = JSON.parse(lines[1] ?? "") as { hooks: Record<string, Array<{ hooks: Array<{ command: string; timeout: number }> }>> };

  it("says which file to merge it into, and that its timeouts are seconds", () => {
    assert.equal(lines[0], "## droid (Factory): merge into ~/.factory/settings.json (timeouts are in seconds)");
    assert.equal(lines.at(-1), "");
  });
  it("every event forwards with --global --agent droid (sessions agentmux started carry their own hooks)", () => {
    assert.deepEqual(Object.keys(json.hooks), [...DROID_HOOK_EVENTS]);
    for (const event of DROID_HOOK_EVENTS) {
      assert.deepEqual(shWords(json.hooks[event]?.[0]?.hooks[0]?.command ?? ""), [scripts.hook, "--global", "--agent", "droid", event], event);
    }
  });
  it("is part of what init --agents prints", () => {
    assert.match(agentsConfig("/opt/am/agentmux-hook", "/sl"), /## droid \(Factory\)[\s\S]*'\/opt\/am\/agentmux-hook' --global --agent droid Stop/);
  });
});
