import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { agentsConfig } from "../../../src/backends/agents-config.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";

describe("Gemini hooks agentmux installs", () => {
  it("printed by init --agents stand aside in sessions agentmux started (--global --agent gemini)", () => {
    const text = agentsConfig(HOOK, "/sl");
    assert.match(text, /'\/opt\/agent mux\/shell\/agentmux-hook' --global --agent gemini AfterAgent/);
    assert.doesNotMatch(text, /' --agent gemini AfterAgent/);
  });
});

describe("init --agents: agentmux's MCP server", () => {
  it("prints Claude Code's command, its removal, and Codex's config.toml table", () => {
    const text = agentsConfig(HOOK, "/sl");
    assert.match(text, /^claude mcp add --scope user agentmux -- agentmux mcp$/m);
    assert.match(text, /^## \.\.\. and to remove it: claude mcp remove --scope user agentmux$/m);
    assert.match(text, /^\[mcp_servers\.agentmux\]\ncommand = "agentmux"\nargs = \["mcp"\]$/m);
  });
});
