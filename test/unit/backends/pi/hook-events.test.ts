import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PI_HOOK_EVENTS, PI_HOOKS, piHookMeaning } from "../../../../src/backends/pi/hook-events.ts";
import { reportsPrompt } from "../../../../src/backends/shared/hook-table.ts";

const ID = "01a2349b-3868-70a3-95d6-b0fb7aa3e817";
const kinds = (event: string, payload: Record<string, unknown> = {}) => piHookMeaning(event, { session_id: ID, ...payload }).events.map((e) => e.kind);
const cause = (event: string, payload: Record<string, unknown>) => PI_HOOKS.events[event]?.cause?.({ session_id: ID, ...payload });

describe("Pi's events, as agentmux's extension forwards them", () => {
  it("forwards every event of the table, in the order a turn has them", () => {
    assert.deepEqual(PI_HOOK_EVENTS, ["session_start", "before_agent_start", "agent_start", "tool_execution_start", "tool_execution_end", "ui_dialog_open", "ui_dialog_closed", "agent_end", "session_shutdown"]);
  });

  it("a turn: started, submit (with its prompt), activity, stop; every event names the session", () => {
    assert.deepEqual(kinds("session_start", { reason: "startup" }), ["started"]);
    assert.deepEqual(kinds("before_agent_start", { prompt: "say hello" }), ["submit"]);
    assert.ok(reportsPrompt(PI_HOOKS, "before_agent_start"));
    assert.deepEqual(kinds("agent_start"), ["activity"]);
    assert.deepEqual(kinds("tool_execution_start", { tool_name: "bash" }), ["activity"]);
    assert.deepEqual(kinds("tool_execution_end", { tool_name: "bash" }), ["activity"]);
    assert.deepEqual(kinds("agent_end", { last_assistant_message: "Hello." }), ["stop"]);
    assert.deepEqual(kinds("session_shutdown", { reason: "quit" }), []);
    assert.equal(piHookMeaning("session_shutdown", { session_id: ID }).sessionId, ID);
    assert.equal(piHookMeaning("some_new_event", { session_id: ID }).sessionId, ID, "an unknown event still names its session");
    assert.deepEqual(piHookMeaning("agent_end", {}).sessionId, undefined);
  });

  it("an extension's dialog blocks; closed, the prompt runs on, or waits when it opened at the prompt", () => {
    assert.deepEqual(kinds("ui_dialog_open", { dialog: "select", title: "Allow?" }), ["blocked"]);
    assert.deepEqual(kinds("ui_dialog_closed", { idle: false }), ["activity"]);
    assert.deepEqual(kinds("ui_dialog_closed", { idle: true }), ["stop"]);
  });

  it("causes: a gate's dialog is a permission for its tool's command, another dialog a question by its title", () => {
    assert.deepEqual(cause("ui_dialog_open", { dialog: "select", title: "Allow bash command?\n\n  touch m", tool_name: "bash", tool_input: { command: "touch m" } }), { why: "permission", detail: "touch m" });
    assert.deepEqual(cause("ui_dialog_open", { dialog: "input", title: "\n  Name the branch\nmore" }), { why: "question", detail: "Name the branch" });
    assert.deepEqual(cause("agent_end", { last_assistant_message: "Hello from the fake model.", stop_reason: "stop" }), { why: "finished", detail: "Hello from the fake model." });
    assert.deepEqual(cause("agent_end", { stop_reason: "error", error_details: "400 E2E fake bad request" }), { why: "failed", detail: "400 E2E fake bad request" });
    assert.deepEqual(cause("agent_end", { stop_reason: "aborted" }), { why: "interrupted" });
  });
});
