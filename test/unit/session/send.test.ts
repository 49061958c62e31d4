import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { inPromptLine, stillInPrompt } from "../../../src/session/send.ts";
import { claude } from "../../../src/backends/claude/index.ts";
import { codex } from "../../../src/backends/codex/index.ts";

describe("text helpers", () => {
  it("sees text still in the prompt", () => {
    assert.equal(stillInPrompt("output\n\n❯ fix the bug please", "fix the bug please"), true);
    assert.equal(stillInPrompt("● received: x\n❯ ", "fix the bug please"), false);
  });
  it("sees text in the CLI's input line, not in the echo of a prompt sent before (screens of Codex 0.171)", () => {
    const line = codex.inputLine as RegExp;
    const listOpen = "› wrapup  [Skill] Close out the session.\n  enter insert · esc close\n› $wrapup\n  gpt-5.1-codex default · /p";
    const taken = "› $wrapup\n  gpt-5.1-codex default · /p";
    const submitted = "› $wrapup\n• Hello from the fake model.\n  Worked for <1s • 19:02\n› Ask Codex to do anything\n  gpt-5.1-codex default · /p";
    assert.equal(inPromptLine(listOpen, "$wrapup", line), true, "the skill list is open");
    assert.equal(inPromptLine(taken, "$wrapup", line), true, "the list took the first Enter: still to submit");
    assert.equal(inPromptLine(submitted, "$wrapup", line), false, "submitted: only the echo above holds it");
    assert.equal(inPromptLine("❯\u00a0/wrapup", "/wrapup", claude.inputLine as RegExp), true);
    assert.equal(inPromptLine("❯ /wrapup\n● done\n❯\u00a0", "/wrapup", claude.inputLine as RegExp), false);
  });
});
