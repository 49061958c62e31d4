import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { kiloRunArgs, kiloRunner, parseKiloRun } from "../../../../src/backends/kilo/runner.ts";

// Lines as `kilo run --format json` 7.7.7 printed them against the fake model (abridged).
const line = (value: unknown) => JSON.stringify(value);
const SID = "ses_dcb6447a3ffe5Yl02l0gUq1fiV";
const step = (type: string, part: Record<string, unknown>) => line({ type, timestamp: 1, sessionID: SID, part: { sessionID: SID, ...part } });
const HELLO_RUN = [
  step("step_start", { type: "step-start" }),
  step("text", { type: "text", text: "Hello from the fake model." }),
  step("step_finish", { type: "step-finish", reason: "stop", cost: 0.000336, tokens: { total: 32 } }),
].join("\n");
const TOOL_RUN = [
  step("step_start", { type: "step-start" }),
  step("text", { type: "text", text: "I will run a command." }),
  step("tool_use", { type: "tool", state: { status: "completed" } }),
  step("step_finish", { type: "step-finish", reason: "tool-calls", cost: 0.001 }),
  step("step_start", { type: "step-start" }),
  step("text", { type: "text", text: "Tool finished: (no output)" }),
  step("step_finish", { type: "step-finish", reason: "stop", cost: 0.002 }),
].join("\n");

describe("Kilo's runner (kilo run --format json)", () => {
  it("runs `kilo run --format json` with the prompt on stdin; --auto only for bypassPermissions, the plan agent for plan, -m for a model", () => {
    assert.deepEqual(kiloRunArgs("-x say hello", {}), { args: ["run", "--format", "json"], stdin: true });
    assert.deepEqual(kiloRunArgs("p", { permissionMode: "bypassPermissions", model: "anthropic/claude-sonnet-4-5" }).args, ["run", "--format", "json", "--auto", "-m", "anthropic/claude-sonnet-4-5"]);
    assert.deepEqual(kiloRunArgs("p", { permissionMode: "plan" }).args, ["run", "--format", "json", "--agent", "plan"]);
    assert.deepEqual(kiloRunArgs("p", { permissionMode: "acceptEdits", maxTurns: 3, allowedTools: ["Bash"], appendSystemPrompt: "x" }).args, ["run", "--format", "json"]);
    assert.equal(kiloRunner.args, kiloRunArgs);
  });

  it("an answer: its text, the cost of its steps and the session id", () => {
    assert.deepEqual(parseKiloRun(HELLO_RUN, 0), { ok: true, text: "Hello from the fake model.", costUsd: 0.000336, sessionId: SID });
  });

  it("a run with a tool call answers with its last step's text, and the costs add up", () => {
    const result = parseKiloRun(`${TOOL_RUN}\n`, 0);
    assert.equal(result.text, "Tool finished: (no output)");
    assert.ok(Math.abs((result.costUsd ?? 0) - 0.003) < 1e-9);
  });

  it("an API error (an object) and a rejected permission (a string) fail with their words", () => {
    const api = line({ type: "error", timestamp: 1, sessionID: SID, error: { name: "APIError", data: { message: "E2E fake bad request", statusCode: 400 } } });
    assert.deepEqual(parseKiloRun(api, 1), { ok: false, text: "E2E fake bad request", costUsd: null, sessionId: SID });
    const rejected = [step("step_start", {}), step("text", { text: "I will run a command." }), step("step_finish", { cost: 0.001 }),
      line({ type: "error", sessionID: SID, error: "run ended with an auto-rejected permission; pass --auto for autonomous use" })].join("\n");
    const result = parseKiloRun(rejected, 1);
    assert.equal(result.ok, false);
    assert.match(result.text, /auto-rejected permission/);
    assert.equal(parseKiloRun(line({ type: "error", error: {} }), 1).text, "kilo reported an error");
  });

  it("no events, or a failing exit code without an error event, is a failure that says so", () => {
    assert.deepEqual(parseKiloRun("Error: something broke\n", 1), { ok: false, text: "no events in kilo's output (exit code 1): Error: something broke", costUsd: null, sessionId: null });
    assert.deepEqual(parseKiloRun("not json {\n{bad", 2).ok, false);
    const result = parseKiloRun(HELLO_RUN, 137);
    assert.equal(result.ok, false);
    assert.equal(result.text, "Hello from the fake model.");
  });
});
