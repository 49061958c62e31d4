import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { clineRunArgs, parseClineRun } from "../../../../src/backends/cline/runner.ts";

const line = (o: Record<string, unknown>) => JSON.stringify({ ts: "2026-12-02T02:38:49.845Z", ...o });
const result = (o: Record<string, unknown> = {}) => line({ type: "run_result", finishReason: "completed", iterations: 1, usage: { inputTokens: 12, outputTokens: 20, totalCost: 0.25 }, text: "Hello from the fake model.", ...o });

describe("Cline's non-interactive runs (cline --json)", () => {
  it("the prompt is the one argument after --; plan mode and the model have flags, the rest none", () => {
    assert.deepEqual(clineRunArgs("-v fix it", {}), { args: ["--json", "--", "-v fix it"], stdin: false });
    assert.deepEqual(clineRunArgs("p", { permissionMode: "plan", model: "m1", maxTurns: 3, appendSystemPrompt: "x" }).args, ["--json", "--plan", "-m", "m1", "--", "p"]);
  });

  it("reads the answer and its cost from run_result; it names no session", () => {
    const out = [line({ type: "hook_event", hookEventName: "agent_start" }), "Warning: not JSON", result()].join("\n");
    assert.deepEqual(parseClineRun(out, 0), { ok: true, text: "Hello from the fake model.", costUsd: 0.25, sessionId: null });
  });

  it("fails with Cline's words: an error line, an aborted run, a run that did not complete, no output at all", () => {
    assert.deepEqual(parseClineRun(line({ type: "error", message: "JSON output mode requires a prompt argument" }), 1).text, "JSON output mode requires a prompt argument");
    assert.equal(parseClineRun([result({ finishReason: "aborted" }), line({ type: "run_aborted", reason: "external_abort", message: "aborted by the user" })].join("\n"), 1).text, "aborted by the user");
    const incomplete = parseClineRun(result({ finishReason: "max_iterations", text: "" }), 0);
    assert.equal(incomplete.ok, false);
    assert.match(incomplete.text, /without completing.*max_iterations/);
    assert.equal(parseClineRun(line({ type: "agent_event", event: { type: "error", error: { message: "401 bad key" } } }), 1).text, "401 bad key");
    assert.match(parseClineRun("", 1).text, /no events in cline's output \(exit code 1\)/);
    assert.equal(parseClineRun(result(), 1).ok, false, "a non-zero exit is a failure");
  });
});
