import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { claudeOutsideConfig } from "../../../../src/backends/claude/outside-config.ts";
import { HOOK_EVENTS } from "../../../../src/backends/claude/hooks.ts";
import { shWords } from "../../../../src/util/sh.ts";

const scripts = { hook: "/opt/agent mux/it's/shell/agentmux-hook", statusLine: "/opt/agent mux/it's/shell/agentmux-statusline" };

describe("init --agents: Claude Code's part", () => {
  const lines = claudeOutsideConfig(scripts);
  const json = JSON.parse(lines[1] ?? "") as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>>; statusLine: { type: string; command: string } };

  it("says which file to merge it into, and the command that does it", () => {
    assert.equal(lines[0], "## Claude Code: merge into ~/.claude/settings.json (or run: agentmux setup claude --global)");
    assert.equal(lines.at(-1), "");
  });
  it("a hook for every event agentmux installs, each running the forwarder with --global and the event's name", () => {
    assert.deepEqual(Object.keys(json.hooks), [...HOOK_EVENTS]);
    for (const event of HOOK_EVENTS) {
      const command = json.hooks[event]?.[0]?.hooks[0]?.command ?? "";
      assert.deepEqual(shWords(command), [scripts.hook, "--global", event], event);
    }
  });
  it("the status line runs agentmux's status-line script, quoted for the shell", () => {
    assert.equal(json.statusLine.type, "command");
    assert.deepEqual(shWords(json.statusLine.command), [scripts.statusLine]);
  });
});
