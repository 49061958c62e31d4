import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { piAsk } from "../../../../src/backends/pi/ask.ts";

describe("piAsk", () => {
  it("a gate's select: the permission for its tool, its title as the text, its options", () => {
    assert.deepEqual(piAsk("ui_dialog_open", { dialog: "select", title: "Allow bash command?\n\n  touch m", options: ["Yes", "No"], tool_name: "bash", tool_input: { command: "touch m" } }),
      { kind: "permission", summary: "bash: touch m", text: ["Allow bash command?", "touch m"], options: ["Yes", "No"] });
  });

  it("a dialog without a tool call is a question; a confirm's message is part of its text", () => {
    assert.deepEqual(piAsk("ui_dialog_open", { dialog: "confirm", title: "Clear?", message: "Delete all messages?", options: [] }),
      { kind: "question", summary: "Clear?", text: ["Clear?", "Delete all messages?"], options: [] });
    assert.deepEqual(piAsk("ui_dialog_open", {}), { kind: "question", summary: "a dialog", text: [], options: [] });
  });

  it("closing it, or the tool's end, answers it; agent_end carries the answer; other events tell nothing", () => {
    assert.deepEqual(piAsk("ui_dialog_closed", { idle: false }), { kind: "done" });
    assert.deepEqual(piAsk("tool_execution_end", { tool_name: "bash" }), { kind: "done" });
    assert.deepEqual(piAsk("agent_end", { last_assistant_message: "Hello.\n\nMore." }), { kind: "answer", summary: "Hello.", text: ["Hello.", "More."], options: [] });
    assert.equal(piAsk("agent_end", { last_assistant_message: "" }), null);
    assert.equal(piAsk("session_start", {}), null);
  });
});
