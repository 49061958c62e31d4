import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseQwenRun, qwenRunArgs } from "../../../../src/backends/qwen/runner.ts";

const ID = "b82fd12e-8430-40ee-a4f1-6f43103c9811";
// What `qwen -o json` 0.15.10 printed against the fake model (one JSON array, cut down).
const OK = JSON.stringify([
  { type: "system", subtype: "init", session_id: ID, cwd: "/w", model: "fake-model" },
  { type: "assistant", session_id: ID, message: { role: "assistant", content: [{ type: "text", text: "Hello from the fake model." }] } },
  { type: "result", subtype: "success", session_id: ID, is_error: false, num_turns: 1, result: "Hello from the fake model.", usage: { input_tokens: 24 } },
]);

describe("qwen -o json runs", () => {
  it("take the prompt on stdin, with Claude's permission modes as Qwen's approval modes", () => {
    assert.deepEqual(qwenRunArgs("-x", {}), { args: ["-o", "json"], stdin: true });
    assert.deepEqual(qwenRunArgs("p", { permissionMode: "bypassPermissions", maxTurns: 3, allowedTools: ["read_file", "glob"], model: "qwen3-coder-plus", appendSystemPrompt: "be brief" }).args, [
      "-o", "json", "--approval-mode", "yolo", "--max-session-turns", "3", "--allowed-tools", "read_file", "--allowed-tools", "glob", "-m", "qwen3-coder-plus", "--append-system-prompt", "be brief",
    ]);
    assert.deepEqual(qwenRunArgs("p", { permissionMode: "acceptEdits" }).args.slice(2), ["--approval-mode", "auto-edit"]);
    assert.deepEqual(qwenRunArgs("p", { permissionMode: "unheard-of" }).args, ["-o", "json"]);
  });

  it("answer the result's text and the session id; Qwen reports no cost", () => {
    assert.deepEqual(parseQwenRun(`${OK}\n`, 0), { ok: true, text: "Hello from the fake model.", costUsd: null, sessionId: ID });
    // One message a line (stream-json) reads the same.
    const lines = (JSON.parse(OK) as unknown[]).map((m) => JSON.stringify(m)).join("\n");
    assert.deepEqual(parseQwenRun(`a warning\n${lines}`, 0), parseQwenRun(OK, 0));
  });

  it("a failed run says why, in Qwen's words", () => {
    const failed = JSON.stringify([{ type: "result", subtype: "error_during_execution", session_id: ID, is_error: true, error: { message: "Connection error." } }]);
    assert.deepEqual(parseQwenRun(failed, 1), { ok: false, text: "Connection error.", costUsd: null, sessionId: ID });
    assert.equal(parseQwenRun(OK, 1).ok, false, "a non-zero exit is a failure");
    const none = parseQwenRun("Error: Invalid auth method selected.\n", 41);
    assert.equal(none.ok, false);
    assert.match(none.text, /no result in qwen's output \(exit code 41\): Error: Invalid auth method/);
  });
});
