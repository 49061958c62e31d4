import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CLINE_HOOK_EVENTS, CLINE_HOOKS } from "../../../../src/backends/cline/hook-events.ts";
import { meaningOf } from "../../../../src/backends/shared/hook-table.ts";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "real", "hooks", "cline-hooks.jsonl");
const real = readFileSync(FIXTURE, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { event: string; payload: Record<string, unknown> });
const kinds = (event: string, payload: Record<string, unknown>) => meaningOf(CLINE_HOOKS, event, payload).events.map((e) => e.kind).join(",");

describe("Cline's hook events", () => {
  it("installs one file per event it means something by, none of those its TUI never runs", () => {
    assert.deepEqual(CLINE_HOOK_EVENTS, ["TaskStart", "TaskResume", "PreToolUse", "PostToolUse", "TaskComplete", "TaskError", "SessionShutdown"]);
  });

  it("a real run (Cline 3.0.65): turns, a tool, an Escape, a resumed turn; every payload names the session", () => {
    assert.deepEqual(real.map((l) => `${l.event}:${kinds(l.event, l.payload)}`), [
      "TaskStart:submit", "TaskComplete:stop", "TaskStart:submit", "TaskComplete:stop",
      "TaskStart:submit", "PreToolUse:activity", "PostToolUse:activity", "TaskComplete:stop",
      "TaskStart:submit", "SessionShutdown:stop", "TaskResume:submit", "TaskComplete:stop",
    ]);
    const ids = new Set(real.map((l) => meaningOf(CLINE_HOOKS, l.event, l.payload).sessionId));
    assert.equal(ids.size, 1, "one session, resumed with --id");
    assert.match([...ids][0] ?? "", /^\d+_[a-z0-9]+$/);
  });

  it("says why: the answer of a finished turn, a failed turn's error, an interrupted one", () => {
    const done = real.find((l) => l.event === "TaskComplete")?.payload ?? {};
    assert.deepEqual(CLINE_HOOKS.events["TaskComplete"]?.cause?.(done), { why: "finished", detail: "Hello from the fake model." });
    assert.deepEqual(CLINE_HOOKS.events["TaskError"]?.cause?.({ error: { name: "Error", message: "401 bad key" } }), { why: "failed", detail: "401 bad key" });
    assert.deepEqual(CLINE_HOOKS.events["SessionShutdown"]?.cause?.({}), { why: "interrupted" });
  });

  it("a subagent's start and end are activity of the turn, not its own start and end", () => {
    const sub = { sessionContext: { rootSessionId: "1_a" }, agent_id: "agent_2", parent_agent_id: "agent_1" };
    assert.deepEqual(meaningOf(CLINE_HOOKS, "TaskStart", sub).events, [{ kind: "activity", agentId: "agent_2" }]);
    assert.deepEqual(meaningOf(CLINE_HOOKS, "TaskComplete", sub).events, [{ kind: "activity", agentId: "agent_2" }]);
    assert.equal(kinds("TaskComplete", { parent_agent_id: null }), "stop");
  });

  it("an event it does not know still names the session; a payload without one names none", () => {
    assert.deepEqual(meaningOf(CLINE_HOOKS, "PreCompact", { sessionContext: { rootSessionId: "1_a" } }), { sessionId: "1_a", events: [] });
    assert.equal(meaningOf(CLINE_HOOKS, "TaskStart", { sessionContext: "x" }).sessionId, undefined);
  });
});
