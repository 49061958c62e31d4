import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { causeText, hookCause } from "../../src/backends/hook-cause.ts";
import { readSnooze } from "../../src/session/snooze.ts";
import { oscNotification } from "../../src/daemon/notifier.ts";
import { sessionLabel } from "../../src/daemon/labels.ts";
import { trackedFromPane } from "../../src/daemon/tracked.ts";
import type { PaneRecord } from "../../src/tmux/formats.ts";

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

describe("notifications name the session as list does", () => {
  const session = (pane: string, dir: string, instance = "") => trackedFromPane({ pane, backend: "claude", dir, instance, label: "", token: "", id: "", state: "idle" } as unknown as PaneRecord);
  it("two sessions in one directory are told apart; a lone one is just its directory", () => {
    const a = session("%13", "/r/web");
    const b = session("%15", "/r/web");
    const c = session("%17", "/r/api");
    assert.equal(sessionLabel(a, [a, b, c]), "web:%13");
    assert.equal(sessionLabel(b, [a, b, c]), "web:%15");
    assert.equal(sessionLabel(c, [a, b, c]), "api");
    assert.equal(sessionLabel(session("%19", "/r/web", "review"), [a, session("%19", "/r/web", "review")]), "web:review");
  });
});

describe("notification bytes and snoozes", () => {
  it("OSC 9 and OSC 777, with control characters and ; made harmless", () => {
    assert.equal(oscNotification("a;b\x07c"), "\x1b]9;a,b c\x07\x1b]777;notify;agentmux;a,b c\x07");
  });
  const now = 1_000_000;
  const rows: Array<[string, boolean]> = [["", false], ["0", false], ["1", true], [String(now + 5), true], [String(now - 5), false]];
  for (const [value, expected] of rows) it(`snoozed "${value}" → ${expected}`, () => assert.equal(readSnooze(value, now).snoozed, expected));
});
