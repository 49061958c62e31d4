import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { AUGGIE_HOOK_EVENTS, AUGGIE_HOOKS, auggieHookMeaning } from "../../../../src/backends/auggie/hook-events.ts";

const id = "6a0512a3-c85c-445b-a639-74be8868e6fe";
const base = { conversation_id: id, workspace_roots: ["/w"] };

describe("Auggie's hook events", () => {
  it("installs the events Auggie 0.36 sends (not Notification, which it never does)", () => {
    assert.deepEqual(AUGGIE_HOOK_EVENTS, ["SessionStart", "PromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"]);
  });
  it("each means its turn's step, and names the conversation from conversation_id", () => {
    const rows: Array<[string, Record<string, unknown>, string[]]> = [
      ["SessionStart", {}, ["started"]],
      ["PromptSubmit", { user_prompt: "hi" }, ["submit"]],
      ["PreToolUse", { tool_name: "launch-process", tool_input: { command: "touch x" } }, ["activity"]],
      ["PostToolUse", { tool_name: "launch-process" }, ["activity"]],
      ["Stop", { agent_stop_cause: "end_turn" }, ["stop"]],
      ["SessionEnd", {}, []],
      ["Notification", { notification_type: "info" }, []],
      ["SomethingNew", {}, []],
    ];
    for (const [event, payload, kinds] of rows) {
      const meaning = auggieHookMeaning(event, { ...base, hook_event_name: event, ...payload });
      assert.deepEqual(meaning.events.map((e) => e.kind), kinds, event);
      assert.equal(meaning.sessionId, id, event);
    }
  });
  it("a finished turn's cause is the answer it gave", () => {
    const stop = { ...base, _exchange: { exchange: { request_message: "say hi", response_text: "Hello from\nthe fake model." } } };
    assert.deepEqual(AUGGIE_HOOKS.events["Stop"]?.cause?.(stop), { why: "finished", detail: "Hello from the fake model." });
    assert.deepEqual(AUGGIE_HOOKS.events["Stop"]?.cause?.(base), { why: "finished", detail: undefined });
  });
});
