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
