import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { rolloutTurns } from "../../../../src/backends/codex/turns.ts";
import { parseJsonLine } from "../../../../src/util/json.ts";
import { ROOT } from "../../../helpers/tmux-server.ts";

const DAY = join(ROOT, "test", "fixtures", "real", "transcripts", "codex", "2026", "12", "01");
const records = (file: string) => readFileSync(file, "utf8").split("\n").flatMap((l) => { const r = parseJsonLine(l); return r ? [r] : []; });
const plain = (turns: ReturnType<typeof rolloutTurns>) => turns.map((t) => `${t.role}: ${t.text}`);
const at = "2026-12-01T10:00:00.000Z";
const item = (payload: Record<string, unknown>) => ({ timestamp: at, type: "response_item", payload });
const event = (payload: Record<string, unknown>) => ({ timestamp: at, type: "event_msg", payload });

describe("rolloutTurns: a Codex rollout as turns", () => {
  it("a real rollout (Codex 0.171.0, `codex exec` then `exec resume`): prompts and answers once each, not the injected context", () => {
    const file = readdirSync(DAY).find((n) => n.endsWith("-01a232b0-bd5d-78d2-aa38-b1c4b6fe0219.jsonl")) ?? "";
    const turns = rolloutTurns(records(join(DAY, file)));
    assert.deepEqual(plain(turns), ["user: say hello", "assistant: Hello from the fake model.", "user: second prompt in A", "assistant: Hello from the fake model."]);
    assert.ok(turns.every((t) => t.at !== null));
  });

  it("tool calls in one line (function_call, custom_tool_call, local_shell_call, web_search_call); outputs, reasoning and developer text left out", () => {
    const turns = rolloutTurns([
      { timestamp: at, type: "session_meta", payload: { id: "t", cwd: "/w" } },
      item({ type: "message", role: "developer", content: [{ type: "input_text", text: "be brief" }] }),
      item({ type: "message", role: "user", content: [{ type: "input_text", text: "<environment_context>\n  <cwd>/w</cwd>\n</environment_context>" }] }),
      item({ type: "message", role: "user", content: [{ type: "input_text", text: "run the tests\nand fix" }] }),
      event({ type: "user_message", message: "run the tests\nand fix" }),
      item({ type: "reasoning", summary: [{ type: "summary_text", text: "thinking" }], encrypted_content: "x" }),
      item({ type: "function_call", name: "shell", arguments: JSON.stringify({ command: ["bash", "-lc", "npm test"], workdir: "/w" }), call_id: "c1" }),
      item({ type: "function_call_output", call_id: "c1", output: "{\"output\":\"1 failing\"}" }),
      item({ type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd: "rg TODO src" }), call_id: "c2" }),
      item({ type: "custom_tool_call", name: "apply_patch", input: "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch", call_id: "c3" }),
      item({ type: "custom_tool_call_output", call_id: "c3", output: "Success" }),
      item({ type: "local_shell_call", status: "completed", action: { type: "exec", command: ["git", "status"] }, call_id: "c4" }),
      item({ type: "web_search_call", status: "completed", action: { type: "search", query: "node test runner" } }),
      item({ type: "message", role: "assistant", content: [{ type: "output_text", text: "Fixed the test." }] }),
      event({ type: "agent_message", message: "Fixed the test." }),
      item({ type: "function_call", name: "update_plan", arguments: "not json", call_id: "c5" }),
    ]);
    assert.deepEqual(plain(turns), [
      "user: run the tests\nand fix", "tool: shell: npm test", "tool: exec_command: rg TODO src", "tool: apply_patch: src/a.ts", "tool: shell: git status",
      "tool: web_search: node test runner", "assistant: Fixed the test.", "tool: update_plan: not json",
    ]);
  });

  it("the fake agent's rollouts (a response_item and an event per message): each message once", () => {
    const turns = rolloutTurns([
      item({ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }), event({ type: "user_message", message: "hi" }),
      item({ type: "message", role: "assistant", content: [{ type: "output_text", text: "received: hi" }] }), event({ type: "agent_message", message: "received: hi" }),
    ]);
    assert.deepEqual(plain(turns), ["user: hi", "assistant: received: hi"]);
  });
});
