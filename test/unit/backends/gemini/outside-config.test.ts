import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { geminiOutsideConfig } from "../../../../src/backends/gemini/outside-config.ts";
import { GEMINI_HOOK_EVENTS } from "../../../../src/backends/gemini/hook-events.ts";
import { shWords } from "../../../../src/util/sh.ts";

const scripts = { hook: "/opt/agent mux/it's/shell/agentmux-hook", statusLine: "/unused" };

describe("init --agents: Gemini CLI's part", () => {
  const lines = geminiOutsideConfig(scripts);
  const json = JSON.parse(lines[1] ?? "") as { hooks: Record<string, Array<{ hooks: Array<{ command: string; timeout: number }> }>> };

  it("says which file to merge it into, and that its timeouts are milliseconds", () => {
    assert.equal(lines[0], "## Gemini CLI: merge into ~/.gemini/settings.json (timeouts are in milliseconds)");
    assert.equal(lines.at(-1), "");
  });
  it("every event forwards with --global --agent gemini (sessions agentmux started carry their own hooks)", () => {
    assert.deepEqual(Object.keys(json.hooks), [...GEMINI_HOOK_EVENTS]);
    for (const event of GEMINI_HOOK_EVENTS) {
      const hook = json.hooks[event]?.[0]?.hooks[0];
      assert.deepEqual(shWords(hook?.command ?? ""), [scripts.hook, "--global", "--agent", "gemini", event], event);
      assert.ok((hook?.timeout ?? 0) >= 1000, `${event}: a timeout in milliseconds`);
    }
  });
});
