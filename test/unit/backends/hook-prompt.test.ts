import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { submittedPrompt } from "../../../src/backends/hook-prompt.ts";

const realCodex = readFileSync(join(import.meta.dirname, "..", "..", "fixtures", "real", "hooks", "codex-hooks.jsonl"), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as { event: string; payload: Record<string, unknown> });

describe("submittedPrompt", () => {
  it("Claude's and Codex's UserPromptSubmit and Gemini's BeforeAgent report the prompt as typed", () => {
    const prompt = "fix «the» bug #3 in 100 % of 'cases'\nsecond line";
    assert.equal(submittedPrompt("UserPromptSubmit", { prompt }), prompt);
    assert.equal(submittedPrompt("BeforeAgent", { prompt }), prompt);
  });
  it("Auggie's PromptSubmit reports it as user_prompt", () => {
    assert.equal(submittedPrompt("PromptSubmit", { user_prompt: "E2E_SLOW go", prompt: "not this" }), "E2E_SLOW go");
    assert.equal(submittedPrompt("PromptSubmit", { prompt: "text" }), undefined);
  });
  it("a real Codex UserPromptSubmit payload gives its prompt", () => {
    const submit = realCodex.find((l) => l.event === "UserPromptSubmit");
    assert.equal(submittedPrompt("UserPromptSubmit", submit?.payload ?? {}), "Say hello please");
  });
  it("an event that reports no prompt gives none, even with a prompt field", () => {
    for (const event of ["Stop", "PreToolUse", "SessionStart", "agentmux-working", "toString"]) {
      assert.equal(submittedPrompt(event, { prompt: "text" }), undefined, event);
    }
  });
  it("a prompt that is not a string gives none", () => {
    for (const prompt of [undefined, 42, ["a"], { text: "a" }]) assert.equal(submittedPrompt("UserPromptSubmit", { prompt }), undefined);
  });
  it("an empty prompt is still the prompt submitted", () => {
    assert.equal(submittedPrompt("UserPromptSubmit", { prompt: "" }), "");
  });
});
