import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { qwenOutsideConfig } from "../../../../src/backends/qwen/outside-config.ts";
import { QWEN_HOOK_EVENTS } from "../../../../src/backends/qwen/hook-events.ts";
import { agentsConfig } from "../../../../src/backends/agents-config.ts";
import { shWords } from "../../../../src/util/sh.ts";

const scripts = { hook: "/opt/agent mux/it's/shell/agentmux-hook", statusLine: "/unused" };

describe("init --agents: Qwen Code's part", () => {
  const lines = qwenOutsideConfig(scripts);
  const json = JSON.parse(lines[1] ?? "") as { hooks: Record<string, Array<{ hooks: Array<{ command: string; timeout: number }> }>> };

  it("says which file to merge it into, and that its timeouts are milliseconds", () => {
    assert.equal(lines[0], "## Qwen Code: merge into ~/.qwen/settings.json (timeouts are in milliseconds)");
    assert.equal(lines.at(-1), "");
  });

  it("every event forwards with --global --agent qwen (sessions agentmux started carry their own hooks)", () => {
    assert.deepEqual(Object.keys(json.hooks), [...QWEN_HOOK_EVENTS]);
    for (const event of QWEN_HOOK_EVENTS) {
      const hook = json.hooks[event]?.[0]?.hooks[0];
      assert.deepEqual(shWords(hook?.command ?? ""), [scripts.hook, "--global", "--agent", "qwen", event], event);
      assert.equal(hook?.timeout, 10_000);
    }
  });

  it("is part of what init --agents prints", () => {
    assert.match(agentsConfig(scripts.hook, scripts.statusLine), /## Qwen Code: merge into ~\/\.qwen\/settings\.json/);
  });
});
