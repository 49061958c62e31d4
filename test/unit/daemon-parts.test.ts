import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeHookMeaning } from "../../src/backends/claude/hook-events.ts";
import { parseClaudeLive } from "../../src/backends/claude/live.ts";
import { NO_CHANNELS } from "../../src/core/evidence.ts";
import { parseClaudeStatus, claudeStatusOptions } from "../../src/backends/claude/status.ts";
import { hookMeaning } from "../../src/backends/hooks.ts";
import { renderStatusSegment } from "../../src/daemon/status-segment.ts";
import { readStatusFile } from "../../src/daemon/status-files.ts";
import { INITIAL } from "../../src/core/state-machine.ts";
import type { Tracked } from "../../src/daemon/tracked.ts";
import { tokenHash } from "../../src/util/token.ts";

// Copied from ../shared/fixtures (real captures of the CLIs), so the tests stand on their own.
const FIXTURES = join(import.meta.dirname, "..", "fixtures", "real");

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

describe("Claude live session files", () => {
  it("parses the file, and refuses a half-written one", () => {
    assert.deepEqual(parseClaudeLive('{"pid":1,"status":"waiting","waitingFor":"permission prompt","sessionId":"s"}'), { status: "waiting", waitingFor: "permission prompt", sessionId: "s" });
    assert.equal(parseClaudeLive('{"pid":1,"sta'), null);
  });
});

describe("status segment", () => {
  const m = (state: string) => ({ ...INITIAL, state }) as typeof INITIAL;
  it("counts blocked, waiting and working, coloured", () => {
    assert.equal(renderStatusSegment([m("waiting"), m("waiting"), m("blocked"), m("working"), m("idle"), m("unknown")]), "#[fg=red]⚠1#[default] #[fg=yellow]●2#[default] #[fg=green]◐1#[default]");
    assert.equal(renderStatusSegment([m("idle")]), "");
    assert.equal(renderStatusSegment([m("working")], { colors: false }), "◐1");
    assert.equal(renderStatusSegment([m("waiting"), m("blocked")], { colors: false, keys: ["a", "s"] }), "⚠1 ●1 [a s]");
  });
});

describe("Claude status line and screen", () => {
  it("parses the captured status-line payloads", () => {
    const first = readFileSync(join(FIXTURES, "hooks", "claude-statusline.jsonl"), "utf8").split("\n")[0] ?? "";
    const status = parseClaudeStatus(JSON.stringify((JSON.parse(first) as { payload: unknown }).payload));
    assert.equal(status?.model, "Opus 4.8 (1M context)");
    assert.equal(status?.effort, "high");
    assert.match(status?.sessionId ?? "", /^[0-9a-f-]{36}$/);
    assert.equal(claudeStatusOptions({ model: "M", contextPercent: 12.4, cost: 0.5 })["@agentmux-context"], "12");
    assert.equal(parseClaudeStatus('{"half'), null);
  });
  it("a turn begun outside the hooks is seen through a new prompt_id, unless it already ended", () => {
    const dir = mkdtempSync(join(tmpdir(), "status-"));
    const t: Tracked = { pane: "%4", backend: "claude", tokenHash: tokenHash("tok"), id: "", dir: "/", machine: { ...INITIAL, state: "waiting" }, promptIds: ["p1"], lastPromptSeen: "", lastEventAt: 0, channels: NO_CHANNELS, raisedBy: null, decided: null, lastStopAt: 0, lastStopPromptId: "", statusMtime: 0, tornDown: false, panePid: 0, record: {} as never, exitStatus: null, killed: false, suppressed: false, launch: {} };
    const tracked = new Map([["%4", t]]);
    const write = (promptId: string) => writeFileSync(join(dir, "%4.tok.json"), JSON.stringify({ session_id: "s1", prompt_id: promptId }));
    write("p1");
    assert.equal(readStatusFile(dir, "%4.tok.json", tracked)?.event, undefined, "first reading only records");
    write("p2");
    assert.equal(readStatusFile(dir, "%4.tok.json", tracked)?.event?.kind, "activity", "no hook named p2");
    t.machine = { ...INITIAL, state: "waiting" };
    t.lastStopPromptId = "p3";
    write("p3");
    assert.equal(readStatusFile(dir, "%4.tok.json", tracked)?.event, undefined, "p3 began and ended between readings");
    assert.equal(readStatusFile(dir, "%4.other.json", tracked), null, "another process's file is ignored");
  });
});
