import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { claudeRunArgs, claudeRunner, parseClaudeRun } from "../../../../src/backends/claude/runner.ts";
import { claude } from "../../../../src/backends/claude/index.ts";

const SUCCESS = {
  type: "result", subtype: "success", is_error: false, duration_ms: 2345, duration_api_ms: 2000, num_turns: 1,
  result: "Done.\nSecond line.", stop_reason: "end_turn", session_id: "6d1b1a52-8c1e-4d7a-9a55-0d6f3c7a2b11",
  total_cost_usd: 0.01234, usage: { input_tokens: 10, output_tokens: 20 }, permission_denials: [], uuid: "u-1",
};

describe("claudeRunArgs", () => {
  const cases: Array<[string, Parameters<typeof claudeRunArgs>[1], string[]]> = [
    ["nothing set", {}, ["-p", "--output-format", "json"]],
    ["every option", { permissionMode: "auto", maxTurns: 30, allowedTools: ["Read", "Bash(git:*)"], model: "haiku", appendSystemPrompt: "Be brief. 'quoted' #%" },
      ["-p", "--output-format", "json", "--permission-mode", "auto", "--max-turns", "30", "--allowedTools", "Read,Bash(git:*)", "--model", "haiku", "--append-system-prompt", "Be brief. 'quoted' #%"]],
    ["an empty tool list adds nothing", { allowedTools: [] }, ["-p", "--output-format", "json"]],
    ["a run about no project loads only the user's settings (no hooks or CLAUDE.md of the directory)", { withoutProject: true }, ["-p", "--output-format", "json", "--setting-sources", "user"]],
  ];
  for (const [name, options, expected] of cases) {
    it(name, () => {
      const { args, stdin } = claudeRunArgs("a prompt -p --model x", options);
      assert.deepEqual(args, expected);
      assert.equal(stdin, true, "the prompt goes on stdin, never as an argument");
      assert.ok(!args.includes("a prompt -p --model x"));
    });
  }
});

describe("parseClaudeRun", () => {
  const cases: Array<[string, string, number, { ok: boolean; text: RegExp; costUsd: number | null; sessionId: string | null }]> = [
    ["a success", JSON.stringify(SUCCESS) + "\n", 0, { ok: true, text: /^Done\.\nSecond line\.$/, costUsd: 0.01234, sessionId: SUCCESS.session_id }],
    ["a warning line before the result", "warning: something\n" + JSON.stringify(SUCCESS), 0, { ok: true, text: /^Done/, costUsd: 0.01234, sessionId: SUCCESS.session_id }],
    ["an API error (is_error with subtype success)", JSON.stringify({ ...SUCCESS, is_error: true, result: "API Error: 400 E2E fake bad request", total_cost_usd: 0 }), 1,
      { ok: false, text: /API Error: 400/, costUsd: 0, sessionId: SUCCESS.session_id }],
    ["max turns reached", JSON.stringify({ type: "result", subtype: "error_max_turns", is_error: false, session_id: "s-2", total_cost_usd: 0.5, num_turns: 30 }), 1,
      { ok: false, text: /error_max_turns/, costUsd: 0.5, sessionId: "s-2" }],
    ["an error during execution with errors", JSON.stringify({ type: "result", subtype: "error_during_execution", is_error: true, session_id: "s-3", errors: ["boom"] }), 1,
      { ok: false, text: /^boom$/, costUsd: null, sessionId: "s-3" }],
    ["success but a non-zero exit code", JSON.stringify(SUCCESS), 2, { ok: false, text: /^Done/, costUsd: 0.01234, sessionId: SUCCESS.session_id }],
    ["malformed output", "{\"type\": \"result\", \"subt", 1, { ok: false, text: /no result object.*exit code 1/, costUsd: null, sessionId: null }],
    ["empty output", "", 127, { ok: false, text: /no result object.*exit code 127\)$/, costUsd: null, sessionId: null }],
    ["a JSON value that is not a result", JSON.stringify({ type: "system", subtype: "init" }), 0, { ok: false, text: /no result object/, costUsd: null, sessionId: null }],
    ["a cost that is not a number", JSON.stringify({ ...SUCCESS, total_cost_usd: "0.1" }), 0, { ok: true, text: /^Done/, costUsd: null, sessionId: SUCCESS.session_id }],
  ];
  for (const [name, stdout, exitCode, expected] of cases) {
    it(name, () => {
      const r = parseClaudeRun(stdout, exitCode);
      assert.equal(r.ok, expected.ok);
      assert.match(r.text, expected.text);
      assert.equal(r.costUsd, expected.costUsd);
      assert.equal(r.sessionId, expected.sessionId);
    });
  }
});

describe("the claude backend's runner", () => {
  it("is wired, with haiku for ranking", () => {
    assert.equal(claude.runner, claudeRunner);
    assert.equal(claudeRunner.rankingModel, "haiku");
  });
});
