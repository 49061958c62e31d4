import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chainedCommand, isAgentmuxCommand } from "../../../../src/backends/claude/hooks.ts";

const HOOK = "'/opt/agent mux/shell/agentmux-hook'";
const STATUS = "'/opt/agent mux/shell/agentmux-statusline'";

describe("agentmux command recognition", () => {
  const rows: Array<[string, boolean]> = [
    [`${HOOK} Stop`, true],
    ["/home/u/src/agentmux/shell/agentmux-hook --global Stop", true],
    ['"/a b/agentmux-statusline"', true],
    [`AGENTMUX_STATUSLINE_CHAIN='x y' ${STATUS}`, true],
    ["agentmux-hook-wrapper Stop", false],
    ["echo agentmux-hook", false],
    ["notify-send done", false],
  ];
  for (const [command, expected] of rows) it(command, () => assert.equal(isAgentmuxCommand(command), expected));
  it("finds the user's command in a chained status line", () => {
    assert.equal(chainedCommand(`AGENTMUX_STATUSLINE_CHAIN='it'\\''s' ${STATUS}`), "it's");
    assert.equal(chainedCommand(STATUS), undefined);
  });
});
