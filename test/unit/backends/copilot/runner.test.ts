import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { copilotRunArgs, parseCopilotRun } from "../../../../src/backends/copilot/runner.ts";

const line = (value: unknown) => JSON.stringify(value);
const ID = "676d5315-ea21-473e-a09f-88caf2a42f38";
const result = (exitCode: number) => line({ type: "result", timestamp: "2026-12-02T02:38:59.429Z", sessionId: ID, exitCode, usage: { premiumRequests: 0 } });
const message = (content: string, extra: Record<string, unknown> = {}) => line({ type: "assistant.message", data: { messageId: "m", content, toolRequests: [], ...extra } });

describe("Copilot CLI's non-interactive runs", () => {
  it("the prompt on stdin, JSONL output, tools allowed; plan and bypass map to its own flags", () => {
    assert.deepEqual(copilotRunArgs("hi", {}), { args: ["--output-format", "json", "--no-auto-update", "--allow-all-tools"], stdin: true });
    assert.deepEqual(copilotRunArgs("hi", { model: "gpt-4.1", permissionMode: "plan" }).args, ["--output-format", "json", "--no-auto-update", "--allow-all-tools", "--plan", "--model", "gpt-4.1"]);
    assert.deepEqual(copilotRunArgs("hi", { permissionMode: "bypassPermissions" }).args.slice(-1), ["--allow-all"]);
  });

  it("the last assistant message with text is the answer; the result names the session", () => {
    const out = [line({ type: "user.message", data: { content: "hi" } }), message("", { toolRequests: [{ name: "bash" }] }), message("Tool finished."), line({ type: "assistant.message_delta", data: { deltaContent: "x" } }), result(0)].join("\n");
    assert.deepEqual(parseCopilotRun(out, 0), { ok: true, text: "Tool finished.", costUsd: null, sessionId: ID });
  });

  it("a subagent's message is not the answer", () => {
    const out = [message("Main answer."), message("sub", { parentToolCallId: "call_1" }), result(0)].join("\n");
    assert.equal(parseCopilotRun(out, 0).text, "Main answer.");
  });

  it("a session.error fails the run in Copilot's words", () => {
    const out = [line({ type: "session.error", data: { errorType: "query", message: "Could not connect to local model provider at http://127.0.0.1:4198/v1." } }), result(1)].join("\n");
    assert.deepEqual(parseCopilotRun(out, 1), { ok: false, text: "Could not connect to local model provider at http://127.0.0.1:4198/v1.", costUsd: null, sessionId: ID });
  });

  it("no events, or no result, is a failure that says so", () => {
    assert.match(parseCopilotRun("Error: unknown option\n", 2).text, /no events in copilot's output \(exit code 2\): Error: unknown option/);
    const cut = parseCopilotRun(message("half"), 137);
    assert.equal(cut.ok, false);
    assert.equal(cut.text, "half");
    assert.equal(parseCopilotRun([message("done"), result(0)].join("\n"), 1).ok, false, "a failing exit code");
  });
});
