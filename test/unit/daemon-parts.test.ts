import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeHookMeaning } from "../../src/backends/claude-hook-events.ts";
import { parseClaudeLive, reconcileClaudeLive } from "../../src/backends/claude-live.ts";
import { claudeIdlePromptVisible } from "../../src/backends/claude-screen.ts";
import { parseClaudeStatus, claudeStatusOptions } from "../../src/backends/claude-status.ts";
import { hookMeaning } from "../../src/backends/hooks.ts";
import { renderStatusSegment } from "../../src/daemon/status-segment.ts";
import { readStatusFile } from "../../src/daemon/status-files.ts";
import { INITIAL } from "../../src/session/state-machine.ts";
import type { Tracked } from "../../src/daemon/tracked.ts";

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
    ["StopFailure", { error: "rate_limit" }, [{ kind: "stop" }]],
    ["PermissionRequest", { tool_name: "Bash" }, [{ kind: "blocked", agentId: undefined }]],
    ["Notification", { notification_type: "permission_prompt", agent_id: "a2" }, [{ kind: "blocked", agentId: "a2" }]],
    ["Notification", { notification_type: "elicitation_dialog" }, [{ kind: "blocked", agentId: undefined }]],
    ["Notification", { notification_type: "idle_prompt" }, [{ kind: "idle-prompt" }]],
    ["Notification", { notification_type: "auth_success" }, []],
    ["SessionEnd", { reason: "prompt_input_exit" }, []],
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
  const rows: Array<[string, string, string | null]> = [
    ["busy", "waiting", "activity"], ["busy", "working", null], ["busy", "blocked", "activity"],
    ["waiting", "working", "blocked"], ["waiting", "blocked", null],
    ["idle", "working", "stop"], ["idle", "unknown", "started"], ["idle", "waiting", null], ["idle", "blocked", null],
    ["shell", "working", null],
  ];
  for (const [live, ours, expected] of rows) {
    it(`Claude ${live}, hooks ${ours} → ${expected ?? "agree"}`, () => {
      assert.equal(reconcileClaudeLive(ours as never, { status: live })?.kind ?? null, expected);
    });
  }
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
    const t: Tracked = { pane: "%4", backend: "claude", token: "tok", id: "", dir: "/", machine: { ...INITIAL, state: "waiting" }, promptIds: ["p1"], lastPromptSeen: "", lastEventAt: 0, lastLiveAt: 0, escapeAt: 0, lastStopAt: 0, lastStopPromptId: "", statusMtime: 0, tornDown: false, panePid: 0, record: {} as never, exitStatus: null, killed: false, suppressed: false, launch: {} };
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
  it("recognises the idle prompt after an interrupt, not while working", () => {
    const idle = readFileSync(join(FIXTURES, "screens", "claude-idle.txt"), "utf8");
    const working = readFileSync(join(FIXTURES, "screens", "claude-working.txt"), "utf8");
    assert.equal(claudeIdlePromptVisible(idle), true);
    assert.equal(claudeIdlePromptVisible(working), false);
  });
});
