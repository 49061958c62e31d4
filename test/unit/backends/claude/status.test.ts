import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseClaudeStatus, claudeStatusOptions } from "../../../../src/backends/claude/status.ts";

// Copied from ../shared/fixtures (real captures of the CLIs), so the tests stand on their own.
const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "real");

describe("Claude status line and screen", () => {
  it("parses the captured status-line payloads", () => {
    const first = readFileSync(join(FIXTURES, "hooks", "claude-statusline.jsonl"), "utf8").split("\n")[0] ?? "";
    const status = parseClaudeStatus(JSON.stringify((JSON.parse(first) as { payload: unknown }).payload));
    assert.equal(status?.model, "Opus 4.8 (1M context)");
    assert.equal(status?.effort, "high");
    assert.match(status?.sessionId ?? "", /^[0-9a-f-]{36}$/);
    assert.equal(claudeStatusOptions({ model: "M", contextPercent: 12.4, cost: 0.5 })["@agentmux-context"], "12");
    assert.equal(parseClaudeStatus('{"half'), null);
  });
});
