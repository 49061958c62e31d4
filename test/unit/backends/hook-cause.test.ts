import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { causeText, hookCause } from "../../../src/backends/hook-cause.ts";

describe("why a session needs the user", () => {
  const rows: Array<[string, Record<string, unknown>, string, string]> = [
    ["PermissionRequest", { tool_name: "Bash", tool_input: { command: "rm -rf build" } }, "blocked", "api asks permission: rm -rf build"],
    ["Notification", { notification_type: "permission_prompt", message: "Claude needs your permission" }, "blocked", "api asks permission: Claude needs your permission"],
    ["Notification", { notification_type: "elicitation_dialog", message: "Which branch?" }, "blocked", "api asks a question: Which branch?"],
    ["Stop", { last_assistant_message: "All tests pass.\n\nDone." }, "waiting", "api finished: All tests pass. Done."],
    ["StopFailure", { error: "rate_limit" }, "waiting", "api failed: rate limit"],
    ["StopFailure: category and details", { error: "billing_error", error_details: "credit balance too low" }, "waiting", "api failed: billing error: credit balance too low"],
    ["StopFailure: the CLI's own words, not the category", { error: "unknown", last_assistant_message: "API Error: 400 {\"type\":\"error\",\"error\":{\"message\":\"bad tool\"}}" }, "waiting", "api failed: API Error: 400 {\"type\":\"error\",\"error\":{\"message\":\"bad tool\"}}"],
    ["StopFailure: details say it, the category is not repeated", { error: "server_error", error_details: "500 Internal Server Error" }, "waiting", "api failed: 500 Internal Server Error"],
    ["agent-turn-complete", { "last-assistant-message": "Hello" }, "waiting", "api finished: Hello"],
    ["AfterAgent", { prompt_response: "ok" }, "waiting", "api finished: ok"],
    ["permission-asked", {}, "blocked", "api asks permission"],
    ["PermissionRequest", { tool_name: "AskUserQuestion", tool_input: { questions: [{ question: "Which colour?", options: [] }] } }, "blocked", "api asks a question: Which colour?"],
    ["PermissionRequest", { tool_name: "ExitPlanMode", tool_input: { plan: "1. do it" } }, "blocked", "api asks to approve a plan"],
    ["agentmux-blocked", {}, "blocked", "api needs you"],
  ];
  for (const [event, payload, state, text] of rows) {
    it(`${event} → ${text}`, () => assert.equal(causeText("api", state, hookCause(event.split(":")[0] ?? event, payload)), text));
  }
  it("long messages are cut with an ellipsis", () => {
    const text = causeText("api", "waiting", hookCause("Stop", { last_assistant_message: "x".repeat(500) }));
    assert.ok(text.length < 140 && text.endsWith("…"));
  });
  it("no cause (the screen said so)", () => assert.equal(causeText("api", "blocked", undefined), "api needs you"));
});
