import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { droidRunArgs, parseDroidRun } from "../../../../src/backends/droid/runner.ts";

const SUCCESS = '{"type":"result","subtype":"success","is_error":false,"duration_ms":405,"num_turns":1,"result":"Hello from the fake model.","session_id":"7320154f-6e5d-44f7-95c8-f1adb5a51383","usage":{"input_tokens":12,"output_tokens":20,"factory_credits":0}}';
const FAILURE = '{"type":"result","subtype":"failure","is_error":true,"duration_ms":230,"num_turns":0,"result":"Exec failed","session_id":"82cff716-328c-44bc-9ce9-343fc575d103"}';

describe("droid exec as the runner", () => {
  it("runs `exec -o json`, the prompt on stdin; a permission mode picks the autonomy", () => {
    assert.deepEqual(droidRunArgs("p", {}), { args: ["exec", "-o", "json"], stdin: true });
    assert.deepEqual(droidRunArgs("p", { permissionMode: "plan" }).args, ["exec", "-o", "json"]);
    assert.deepEqual(droidRunArgs("p", { permissionMode: "acceptEdits" }).args, ["exec", "-o", "json", "--auto", "medium"]);
    assert.deepEqual(droidRunArgs("p", { permissionMode: "bypassPermissions" }).args, ["exec", "-o", "json", "--skip-permissions-unsafe"]);
  });
  it("passes the model and the system prompt text; Claude's tool names and turn limits are not droid's", () => {
    const { args } = droidRunArgs("p", { model: "custom:Fake-Sonnet-0", appendSystemPrompt: "Be brief.", allowedTools: ["Bash"], maxTurns: 3 });
    assert.deepEqual(args, ["exec", "-o", "json", "-m", "custom:Fake-Sonnet-0", "--append-system-prompt", "Be brief."]);
  });
  it("reads the result object: the answer and the session; droid reports credits, not dollars", () => {
    assert.deepEqual(parseDroidRun(`${SUCCESS}\n`, 0), { ok: true, text: "Hello from the fake model.", costUsd: null, sessionId: "7320154f-6e5d-44f7-95c8-f1adb5a51383" });
  });
  it("a failed run is not ok, in droid's words", () => {
    assert.deepEqual(parseDroidRun(FAILURE, 1), { ok: false, text: "Exec failed", costUsd: null, sessionId: "82cff716-328c-44bc-9ce9-343fc575d103" });
    assert.equal(parseDroidRun(SUCCESS, 1).ok, false, "a non-zero exit");
  });
  it("no result object: not ok, with the first line it printed", () => {
    assert.deepEqual(parseDroidRun("Unknown tool identifier(s)\n", 1), { ok: false, text: "no result object in droid's output (exit code 1): Unknown tool identifier(s)", costUsd: null, sessionId: null });
    assert.equal(parseDroidRun(`warning: x\n${SUCCESS}`, 0).ok, true);
  });
});
