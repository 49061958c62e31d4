import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { auggieOutsideConfig } from "../../../../src/backends/auggie/outside-config.ts";
import { AUGGIE_HOOK_EVENTS } from "../../../../src/backends/auggie/hook-events.ts";

const scripts = { hook: "/opt/agent mux/it's/shell/agentmux-hook", statusLine: "/unused" };

describe("init --agents: Auggie's part", () => {
  const lines = auggieOutsideConfig(scripts);
  const json = JSON.parse(lines[1] ?? "") as { hooks: Record<string, Array<{ hooks: Array<{ command: string; args: string[]; timeout: number }> }>> };

  it("says which file to merge it into, and that the hooks run without a shell", () => {
    assert.match(lines[0] ?? "", /^## Auggie: merge into ~\/\.augment\/settings\.json \(run without a shell/);
    assert.equal(lines.at(-1), "");
  });
  it("every event runs the forwarder as it is, with --global --agent auggie and the event as arguments", () => {
    assert.deepEqual(Object.keys(json.hooks), [...AUGGIE_HOOK_EVENTS]);
    for (const event of AUGGIE_HOOK_EVENTS) {
      const hook = json.hooks[event]?.[0]?.hooks[0];
      assert.deepEqual([hook?.command, hook?.args], [scripts.hook, ["--global", "--agent", "auggie", event]], event);
      assert.ok((hook?.timeout ?? 0) >= 1000, `${event}: a timeout in milliseconds`);
    }
  });
});
