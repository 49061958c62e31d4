import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { causeText, failedCause, finishedCause, permissionCause, questionCause, type Cause } from "../../../../src/backends/shared/causes.ts";

describe("failedCause: a failed turn in the CLI's own words", () => {
  const rows: Array<[string, Record<string, unknown>, string | undefined]> = [
    ["the error's category goes before the details", { error: "rate_limit", error_details: "429 Too Many Requests" }, "rate limit: 429 Too Many Requests"],
    ["a category the details already name is not repeated", { error: "rate_limit", error_details: "Rate limit reached for #work" }, "Rate limit reached for #work"],
    ["an unknown category is left out", { error: "unknown", error_details: "API Error: 400 «bad»" }, "API Error: 400 «bad»"],
    ["without details, the last message shown", { last_assistant_message: "API Error: 500 \"server\"" }, "API Error: 500 \"server\""],
    ["details win over the last message", { error_details: "overloaded", last_assistant_message: "Hello" }, "overloaded"],
    ["a category alone", { error: "authentication_failed" }, "authentication failed"],
    ["nothing to say", {}, undefined],
    ["empty strings count as nothing", { error: "", error_details: "" }, undefined],
  ];
  for (const [name, payload, detail] of rows) {
    it(name, () => assert.deepEqual(failedCause(payload), { why: "failed", detail }));
  }

  it("multi-line details are flattened to one line and a long one is cut with an ellipsis", () => {
    const long = `first line\n\n  second\tline ${"x".repeat(200)}`;
    const detail = failedCause({ error_details: long }).detail ?? "";
    assert.ok(detail.startsWith("first line second line x"));
    assert.equal(detail.length, 120);
    assert.ok(detail.endsWith("…"));
  });
});

describe("a cut detail", () => {
  it("never ends in half a character", () => {
    const detail = finishedCause({ last_assistant_message: `${"a".repeat(118)}😀 and more` }).detail ?? "";
    assert.ok(detail.endsWith("…"));
    assert.doesNotMatch(detail, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe("questionCause", () => {
  it("takes the message, else the question", () => {
    assert.deepEqual(questionCause({ message: "Pick one: 'a' or \"b\"?", question: "ignored" }), { why: "question", detail: "Pick one: 'a' or \"b\"?" });
    assert.deepEqual(questionCause({ question: "Proceed with 50 %?" }), { why: "question", detail: "Proceed with 50 %?" });
    assert.deepEqual(questionCause({}), { why: "question", detail: undefined });
  });
});

describe("permissionCause: what the permission request is for", () => {
  it("a shell command is named by the command itself", () => {
    assert.deepEqual(permissionCause({ tool_name: "Bash", tool_input: { command: "rm -rf 'build dir'\n && ls" }, message: "Claude needs permission" }),
      { why: "permission", detail: "rm -rf 'build dir' && ls" });
  });
  it("without a command, the message, else the tool's name", () => {
    assert.deepEqual(permissionCause({ tool_name: "WebFetch", tool_input: { url: "https://x" }, message: "fetch https://x?" }), { why: "permission", detail: "fetch https://x?" });
    assert.deepEqual(permissionCause({ tool_name: "mcp__db__query", tool_input: "not an object" }), { why: "permission", detail: "mcp__db__query" });
    assert.deepEqual(permissionCause({}), { why: "permission", detail: undefined });
  });
  it("an AskUserQuestion request is a question, told by its first question", () => {
    const payload = { tool_name: "AskUserQuestion", tool_input: { questions: [{ question: "Which colour — red or 蓝?" }, { question: "second" }] } };
    assert.deepEqual(permissionCause(payload), { why: "question", detail: "Which colour — red or 蓝?" });
  });
  it("an AskUserQuestion request without questions is still a question", () => {
    assert.deepEqual(permissionCause({ tool_name: "AskUserQuestion", tool_input: { questions: [] } }), { why: "question", detail: undefined });
    assert.deepEqual(permissionCause({ tool_name: "AskUserQuestion" }), { why: "question", detail: undefined });
  });
  it("an ExitPlanMode request asks to approve a plan", () => {
    assert.deepEqual(permissionCause({ tool_name: "ExitPlanMode", tool_input: { plan: "1. do it" } }), { why: "plan" });
  });
});

describe("finishedCause: the last thing the agent said", () => {
  it("reads Claude's and Codex's hook field, Codex's notify field and Gemini's response", () => {
    assert.equal(finishedCause({ last_assistant_message: "Done: 3 files" }).detail, "Done: 3 files");
    assert.equal(finishedCause({ "last-assistant-message": "Hello from #codex" }).detail, "Hello from #codex");
    assert.equal(finishedCause({ prompt_response: "Gemini says hi" }).detail, "Gemini says hi");
    assert.deepEqual(finishedCause({}), { why: "finished", detail: undefined });
  });
});

describe("causeText: the notification line", () => {
  const rows: Array<[string, string, Cause | undefined, string]> = [
    ["permission", "blocked", { why: "permission", detail: "npm test" }, "api fix asks permission: npm test"],
    ["question", "blocked", { why: "question" }, "api fix asks a question"],
    ["plan", "blocked", { why: "plan" }, "api fix asks to approve a plan"],
    ["finished", "idle", { why: "finished", detail: "All green" }, "api fix finished: All green"],
    ["failed", "idle", { why: "failed", detail: "rate limit" }, "api fix failed: rate limit"],
    ["interrupted", "blocked", { why: "interrupted" }, "api fix was interrupted"],
    ["declared blocked", "blocked", { why: "declared" }, "api fix needs you"],
    ["declared done", "idle", { why: "declared" }, "api fix is done"],
    ["no cause, blocked", "blocked", undefined, "api fix needs you"],
    ["no cause, idle", "idle", undefined, "api fix finished"],
  ];
  for (const [name, state, cause, text] of rows) it(`${name}: "${text}"`, () => assert.equal(causeText("api fix", state, cause), text));
});
