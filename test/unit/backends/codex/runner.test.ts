import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { codexRunArgs, codexRunner, parseCodexRun } from "../../../../src/backends/codex/runner.ts";
import { codex } from "../../../../src/backends/codex/index.ts";

const jsonl = (...events: unknown[]) => events.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n") + "\n";
const THREAD = { type: "thread.started", thread_id: "0199a213-81c0-7800-8aa1-bbab2a035a53" };
const TURN = { type: "turn.started" };
const message = (id: string, text: string) => ({ type: "item.completed", item: { id, type: "agent_message", text } });
const COMPLETED = { type: "turn.completed", usage: { input_tokens: 24763, cached_input_tokens: 24448, output_tokens: 122 } };

describe("codexRunArgs", () => {
  const cases: Array<[string, Parameters<typeof codexRunArgs>[1], string[]]> = [
    ["nothing set", {}, ["exec", "--json", "--skip-git-repo-check", "-"]],
    ["auto may write in the workspace, with a model", { permissionMode: "auto", model: "gpt-5.1-codex", maxTurns: 30, allowedTools: ["Read"] },
      ["exec", "--json", "--skip-git-repo-check", "-s", "workspace-write", "-m", "gpt-5.1-codex", "-"]],
    ["plan reads only", { permissionMode: "plan" }, ["exec", "--json", "--skip-git-repo-check", "-s", "read-only", "-"]],
    ["bypassPermissions drops the sandbox", { permissionMode: "bypassPermissions" }, ["exec", "--json", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "-"]],
    ["an appended system prompt becomes developer instructions", { appendSystemPrompt: "Be \"brief\"" },
      ["exec", "--json", "--skip-git-repo-check", "-c", "developer_instructions=\"Be \\\"brief\\\"\"", "-"]],
  ];
  for (const [name, options, expected] of cases) {
    it(name, () => {
      const { args, stdin } = codexRunArgs("the prompt", options);
      assert.deepEqual(args, expected);
      assert.equal(stdin, true);
    });
  }
});

describe("parseCodexRun", () => {
  const cases: Array<[string, string, number, { ok: boolean; text: RegExp; sessionId: string | null }]> = [
    ["a success: the last agent message", jsonl(THREAD, TURN, message("item_0", "thinking out loud"),
      { type: "item.completed", item: { id: "item_1", type: "command_execution", command: "ls", aggregated_output: "", exit_code: 0, status: "completed" } },
      message("item_2", "All done."), COMPLETED), 0, { ok: true, text: /^All done\.$/, sessionId: THREAD.thread_id }],
    ["a success without a message", jsonl(THREAD, TURN, COMPLETED), 0, { ok: true, text: /^$/, sessionId: THREAD.thread_id }],
    ["a failed turn", jsonl(THREAD, TURN, { type: "error", message: "stream error: 400 Bad Request" }, { type: "turn.failed", error: { message: "unexpected status 400 Bad Request: E2E fake bad request" } }), 1,
      { ok: false, text: /E2E fake bad request/, sessionId: THREAD.thread_id }],
    ["an error event alone", jsonl(THREAD, { type: "error", message: "Reconnecting... 1/5" }), 1, { ok: false, text: /Reconnecting/, sessionId: THREAD.thread_id }],
    ["no turn.completed and a non-zero exit", jsonl(THREAD, TURN, message("item_0", "partial")), 1, { ok: false, text: /^partial$/, sessionId: THREAD.thread_id }],
    ["malformed output", "Error: unexpected argument '--foo' found\n", 2, { ok: false, text: /no events.*exit code 2.*unexpected argument/, sessionId: null }],
    ["torn JSON lines are skipped", jsonl(THREAD, "{\"type\": \"item.compl", message("item_0", "ok"), COMPLETED), 0, { ok: true, text: /^ok$/, sessionId: THREAD.thread_id }],
  ];
  for (const [name, stdout, exitCode, expected] of cases) {
    it(name, () => {
      const r = parseCodexRun(stdout, exitCode);
      assert.equal(r.ok, expected.ok);
      assert.match(r.text, expected.text);
      assert.equal(r.costUsd, null, "codex reports no cost");
      assert.equal(r.sessionId, expected.sessionId);
    });
  }
});

describe("the codex backend's runner", () => {
  it("is wired, with a small model for ranking", () => {
    assert.equal(codex.runner, codexRunner);
    assert.match(codexRunner.rankingModel ?? "", /mini/);
  });
});
