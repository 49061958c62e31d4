import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parsePiRun, piRunArgs, piRunner } from "../../../../src/backends/pi/runner.ts";
import { pi } from "../../../../src/backends/pi/index.ts";

const jsonl = (...events: unknown[]) => events.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n") + "\n";
// As `pi -p --mode json` 0.73.1 wrote them against the fake Anthropic API (trimmed).
const SESSION = { type: "session", version: 3, id: "01a2349b-e04a-7552-9906-c8516c92af5f", timestamp: "2026-12-02T02:36:00.460Z", cwd: "/w" };
const usage = (total: number) => ({ input: 12, output: 20, cacheRead: 0, cacheWrite: 0, totalTokens: 32, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total } });
const assistant = (text: string, extra: Record<string, unknown> = {}) => ({ role: "assistant", content: text ? [{ type: "text", text }] : [], api: "anthropic-messages", provider: "fake", model: "claude-sonnet-4-5", usage: usage(0.002), stopReason: "stop", ...extra });
const end = (message: unknown) => ({ type: "message_end", message });
const USER = end({ role: "user", content: [{ type: "text", text: "say hello" }] });

describe("piRunArgs", () => {
  it("print mode with JSON events, the prompt on stdin; a model and an appended system prompt where given", () => {
    assert.deepEqual(piRunArgs("-x @file", {}), { args: ["-p", "--mode", "json"], stdin: true });
    assert.deepEqual(piRunArgs("p", { model: "fake/claude-sonnet-4-5", appendSystemPrompt: "Be brief", permissionMode: "plan", maxTurns: 3, allowedTools: ["Read"] }),
      { args: ["-p", "--mode", "json", "--model", "fake/claude-sonnet-4-5", "--append-system-prompt", "Be brief"], stdin: true });
  });

  it("is the backend's runner", () => {
    assert.equal(pi.runner, piRunner);
  });
});

describe("parsePiRun", () => {
  it("the last assistant message, the session id and the summed cost", () => {
    const out = jsonl(SESSION, { type: "agent_start" }, { type: "turn_start" }, USER, { type: "message_update", assistantMessageEvent: { type: "text_delta", delta: "Hel" } },
      end(assistant("I will run a command.", { stopReason: "toolUse" })), end(assistant("Hello from the fake model.")), { type: "turn_end" }, { type: "agent_end", messages: [] });
    const r = parsePiRun(out, 0);
    assert.equal(r.ok, true);
    assert.equal(r.text, "Hello from the fake model.");
    assert.equal(r.sessionId, SESSION.id);
    assert.ok(Math.abs((r.costUsd ?? 0) - 0.004) < 1e-9);
  });

  it("a message that stopped on an error is a failure in Pi's words, though Pi exits 0", () => {
    const failed = assistant("", { stopReason: "error", errorMessage: "400 {\"type\":\"error\",\"error\":{\"message\":\"E2E fake bad request\"}}", usage: usage(0) });
    const r = parsePiRun(jsonl(SESSION, USER, end(failed), { type: "agent_end", messages: [] }), 0);
    assert.equal(r.ok, false);
    assert.match(r.text, /E2E fake bad request/);
    assert.equal(r.sessionId, SESSION.id);
    assert.equal(r.costUsd, 0);
    assert.deepEqual(parsePiRun(jsonl(SESSION, end(assistant("", { stopReason: "aborted" })), { type: "agent_end" }), 0).text, "pi's run ended: aborted");
  });

  it("no events, a run cut short, a failed exit", () => {
    assert.deepEqual(parsePiRun("No API key found for fake\n", 1), { ok: false, text: "no events in pi's output (exit code 1): No API key found for fake", costUsd: null, sessionId: null });
    const cut = parsePiRun(jsonl(SESSION, USER, "{not json"), 0);
    assert.equal(cut.ok, false);
    assert.match(cut.text, /without finishing/);
    const failed = parsePiRun(jsonl(SESSION, end(assistant("partial")), { type: "agent_end" }), 2);
    assert.deepEqual([failed.ok, failed.text], [false, "partial"]);
  });
});
