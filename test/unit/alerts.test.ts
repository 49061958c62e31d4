import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { causeText, hookCause } from "../../src/backends/hook-cause.ts";
import { readSnooze } from "../../src/session/snooze.ts";
import { oscNotification } from "../../src/daemon/notifier.ts";

describe("why a session needs the user", () => {
  const rows: Array<[string, Record<string, unknown>, string, string]> = [
    ["PermissionRequest", { tool_name: "Bash", tool_input: { command: "rm -rf build" } }, "blocked", "api asks permission: rm -rf build"],
    ["Notification", { notification_type: "permission_prompt", message: "Claude needs your permission" }, "blocked", "api asks permission: Claude needs your permission"],
    ["Notification", { notification_type: "elicitation_dialog", message: "Which branch?" }, "blocked", "api asks a question: Which branch?"],
    ["Stop", { last_assistant_message: "All tests pass.\n\nDone." }, "waiting", "api finished: All tests pass. Done."],
    ["StopFailure", { error: "rate_limit" }, "waiting", "api failed: rate_limit"],
    ["agent-turn-complete", { "last-assistant-message": "Hello" }, "waiting", "api finished: Hello"],
    ["AfterAgent", { prompt_response: "ok" }, "waiting", "api finished: ok"],
    ["permission-asked", {}, "blocked", "api asks permission"],
    ["agentmux-blocked", {}, "blocked", "api needs you"],
  ];
  for (const [event, payload, state, text] of rows) {
    it(`${event} → ${text}`, () => assert.equal(causeText("api", state, hookCause(event, payload)), text));
  }
  it("long messages are cut with an ellipsis", () => {
    const text = causeText("api", "waiting", hookCause("Stop", { last_assistant_message: "x".repeat(500) }));
    assert.ok(text.length < 140 && text.endsWith("…"));
  });
  it("no cause (the screen said so)", () => assert.equal(causeText("api", "blocked", undefined), "api needs you"));
});

describe("notification bytes and snoozes", () => {
  it("OSC 9 and OSC 777, with control characters and ; made harmless", () => {
    assert.equal(oscNotification("a;b\x07c"), "\x1b]9;a,b c\x07\x1b]777;notify;agentmux;a,b c\x07");
  });
  const now = 1_000_000;
  const rows: Array<[string, boolean]> = [["", false], ["0", false], ["1", true], [String(now + 5), true], [String(now - 5), false]];
  for (const [value, expected] of rows) it(`snoozed "${value}" → ${expected}`, () => assert.equal(readSnooze(value, now).snoozed, expected));
});
