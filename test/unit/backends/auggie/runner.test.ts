import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { auggieRunArgs, parseAuggieRun } from "../../../../src/backends/auggie/runner.ts";

describe("Auggie's print mode", () => {
  it("reads the prompt from stdin and prints one JSON result", () => {
    assert.deepEqual(auggieRunArgs("p", {}), { args: ["--print", "--output-format", "json"], stdin: true });
    assert.deepEqual(auggieRunArgs("p", { model: "sonnet4.5", maxTurns: 3, permissionMode: "plan", allowedTools: ["x"] }).args, ["--print", "--output-format", "json", "--model", "sonnet4.5", "--max-turns", "3"]);
  });
  it("parses the result: the answer and the session id, no cost", () => {
    const out = 'Warning: Indexing disabled.\n{"type":"result","result":"Hello from the fake model.","is_error":false,"subtype":"success","session_id":"3c219e6c-54f6-4621-8e42-b0f6038b86b2","num_turns":0}\n';
    assert.deepEqual(parseAuggieRun(out, 0), { ok: true, text: "Hello from the fake model.", costUsd: null, sessionId: "3c219e6c-54f6-4621-8e42-b0f6038b86b2" });
  });
  it("an error result, a failed exit or no result at all is a failure with words", () => {
    assert.deepEqual(parseAuggieRun('{"type":"result","result":"","is_error":true,"subtype":"error"}', 1), { ok: false, text: "auggie ended with error (exit code 1)", costUsd: null, sessionId: null });
    assert.equal(parseAuggieRun('{"type":"result","result":"half","is_error":false,"subtype":"success"}', 2).ok, false);
    assert.deepEqual(parseAuggieRun("❌ Failed to initialize agent: No instruction provided.\n", 1), { ok: false, text: "no result object in auggie's output (exit code 1): ❌ Failed to initialize agent: No instruction provided.", costUsd: null, sessionId: null });
  });
});
