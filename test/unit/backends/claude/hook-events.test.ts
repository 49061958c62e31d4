import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claudeHookMeaning } from "../../../../src/backends/claude/hook-events.ts";
import { hookMeaning } from "../../../../src/backends/hooks.ts";

// Copied from ../shared/fixtures (real captures of the CLIs), so the tests stand on their own.
const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "real");

describe("Claude hook events → state-machine events", () => {
  const rows: Array<[string, Record<string, unknown>, unknown[]]> = [
    ["SessionStart", { source: "startup" }, [{ kind: "started" }]],
    ["UserPromptSubmit", { prompt_id: "p1" }, [{ kind: "submit" }]],
    ["PreToolUse", {}, [{ kind: "activity", agentId: undefined }]],
    ["PostToolUse", { agent_id: "a1" }, [{ kind: "activity", agentId: "a1" }]],
    ["PostToolUseFailure", {}, [{ kind: "activity", agentId: undefined }]],
    ["SubagentStart", { agent_id: "a1" }, [{ kind: "activity", agentId: "a1" }]],
    ["SubagentStop", { background_tasks: [{ id: "b", status: "running" }] }, [{ kind: "background", active: true }]],
    ["Stop", { background_tasks: [] }, [{ kind: "stop", background: false }]],
    ["Stop", { background_tasks: [{ id: "b", type: "bash", status: "running" }] }, [{ kind: "stop", background: true }]],
    ["Stop", { background_tasks: [{ id: "b", status: "completed" }] }, [{ kind: "stop", background: false }]],
    // Teammates count as background work only while working: a teammate taking a message
    // (SubagentStart, its tool events) is activity; the list's teammate tasks, running until the
    // teammate is shut down, count for nothing; TeammateIdle changes nothing by itself.
    ["SubagentStart", { agent_id: "mate@team", agent_type: "in_process_teammate" }, [{ kind: "activity", agentId: "mate@team" }]],
    ["Stop", { background_tasks: [{ id: "t", type: "in_process_teammate", status: "running" }] }, [{ kind: "stop", background: false }]],
    ["Stop", { background_tasks: [{ id: "t", type: "in_process_teammate", status: "running" }, { id: "b", type: "local_bash", status: "running" }] }, [{ kind: "stop", background: true }]],
    ["SubagentStop", { agent_id: "mate@team", background_tasks: [{ id: "t", type: "in_process_teammate", status: "running" }] }, [{ kind: "background", active: false }]],
    ["TeammateIdle", { teammate_name: "mate", team_name: "team" }, []],
    ["StopFailure", { error: "rate_limit" }, [{ kind: "stop" }]],
    ["PermissionRequest", { tool_name: "Bash" }, [{ kind: "blocked", agentId: undefined }]],
    ["Notification", { notification_type: "permission_prompt", agent_id: "a2" }, [{ kind: "blocked", agentId: "a2" }]],
    ["Notification", { notification_type: "elicitation_dialog" }, [{ kind: "blocked", agentId: undefined }]],
    ["Notification", { notification_type: "idle_prompt" }, [{ kind: "idle-prompt" }]],
    ["Notification", { notification_type: "auth_success" }, []],
    ["SessionEnd", { reason: "prompt_input_exit" }, []],
    // /exit fires UserPromptSubmit before SessionEnd: no turn begins (the matrix saw working for 0.5 s).
    ["UserPromptSubmit", { prompt: "/exit" }, []],
    ["UserPromptSubmit", { prompt: "/quit " }, []],
    ["UserPromptSubmit", { prompt: "/exit-plan please" }, [{ kind: "submit" }]],
  ];
  for (const [event, payload, expected] of rows) {
    it(`${event} ${JSON.stringify(payload)}`, () => assert.deepEqual(claudeHookMeaning(event, payload).events, expected));
  }
  it("every captured real payload maps without error and carries the session id", () => {
    const lines = readFileSync(join(FIXTURES, "hooks", "claude-hooks.jsonl"), "utf8").trim().split("\n");
    const kinds = lines.map((l) => JSON.parse(l) as { event: string; payload: Record<string, unknown> }).map(({ event, payload }) => {
      const meaning = claudeHookMeaning(event, payload);
      assert.match(meaning.sessionId ?? "", /^[0-9a-f-]{36}$/);
      return `${event}:${meaning.events.map((e) => e.kind).join(",")}`;
    });
    assert.ok(kinds.includes("UserPromptSubmit:submit") && kinds.includes("Stop:stop") && kinds.includes("PermissionRequest:blocked"));
  });
  it("declared states work for any backend", () => {
    assert.deepEqual(hookMeaning("generic", "agentmux-done", {}).events, [{ kind: "stop" }]);
    assert.deepEqual(hookMeaning("codex", "agentmux-working", {}).events, [{ kind: "activity" }]);
    assert.deepEqual(hookMeaning("generic", "agentmux-exited", {}).events, [{ kind: "exited" }]);
    assert.deepEqual(hookMeaning("generic", "Stop", {}).events, []);
  });
});
