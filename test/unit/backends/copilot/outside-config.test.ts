import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { copilotOutsideConfig } from "../../../../src/backends/copilot/outside-config.ts";
import { COPILOT_HOOK_EVENTS } from "../../../../src/backends/copilot/hook-events.ts";
import { shWords } from "../../../../src/util/sh.ts";

const scripts = { hook: "/opt/agent mux/it's/shell/agentmux-hook", statusLine: "/unused" };

describe("init --agents: Copilot CLI's part", () => {
  const lines = copilotOutsideConfig(scripts);
  const json = JSON.parse(lines[1] ?? "") as { hooks: Record<string, Array<{ type: string; bash: string; timeoutSec: number }>> };

  it("says which file to merge it into, and that its timeouts are seconds", () => {
    assert.match(lines[0] ?? "", /^## GitHub Copilot CLI: merge into ~\/\.copilot\/settings\.json .*seconds/);
    assert.equal(lines.at(-1), "");
  });
  it("every event forwards with --global --agent copilot (sessions agentmux started carry their own hooks)", () => {
    assert.deepEqual(Object.keys(json.hooks), [...COPILOT_HOOK_EVENTS]);
    for (const event of COPILOT_HOOK_EVENTS) {
      const hook = json.hooks[event]?.[0];
      assert.deepEqual(shWords(hook?.bash ?? ""), [scripts.hook, "--global", "--agent", "copilot", event], event);
      assert.equal(hook?.timeoutSec, 10);
    }
  });
});
