import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QWEN_HOOK_EVENTS, QWEN_HOOKS, qwenHookMeaning } from "../../../../src/backends/qwen/hook-events.ts";

const HOOKS = join(import.meta.dirname, "..", "..", "..", "fixtures", "real", "hooks");
const lines = readFileSync(join(HOOKS, "qwen-hooks.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { event: string; payload: Record<string, unknown> });
const kinds = (event: string, payload: Record<string, unknown>) => qwenHookMeaning(event, payload).events.map((e) => e.kind).join(",");

describe("Qwen Code's hook events", () => {
  it("a real session: started, a plain turn, a turn with a permission dialog, the end", () => {
    const seen = lines.map((l) => `${l.event}:${kinds(l.event, l.payload)}`);
    assert.deepEqual(seen, [
      "SessionStart:started",
      "UserPromptSubmit:submit", "Stop:stop", "Notification:idle-prompt",
      "UserPromptSubmit:submit", "Stop:stop", "Notification:idle-prompt",
      "UserPromptSubmit:submit", "PermissionRequest:blocked", "Notification:blocked", "PreToolUse:activity", "PostToolUse:activity",
      // Qwen submits the tool's result with an empty prompt: no new turn.
      "UserPromptSubmit:activity", "Stop:stop", "Notification:idle-prompt",
      "SessionEnd:",
    ]);
  });

  it("every payload names the session", () => {
    const id = lines[0]?.payload["session_id"];
    assert.match(String(id), /^[0-9a-f-]{36}$/);
    for (const l of lines) assert.equal(qwenHookMeaning(l.event, l.payload).sessionId, id, l.event);
  });

  it("the permission's cause is the command it asks for; a finished turn's, the last answer", () => {
    const asked = lines.find((l) => l.event === "PermissionRequest");
    assert.deepEqual(QWEN_HOOKS.events["PermissionRequest"]?.cause?.(asked?.payload ?? {}), { why: "permission", detail: "touch /home/dev/e2e/work-qwen/marker-from-qwen" });
    const stop = lines.find((l) => l.event === "Stop");
    assert.deepEqual(QWEN_HOOKS.events["Stop"]?.cause?.(stop?.payload ?? {}), { why: "finished", detail: "Hello from the fake model." });
  });

  it("/quit begins no turn; an API error ends it (rate limits flagged); a subagent's stop leaves no background work", () => {
    assert.equal(kinds("UserPromptSubmit", { prompt: "/quit" }), "");
    assert.equal(kinds("StopFailure", { error: "server_error" }), "stop");
    assert.equal(qwenHookMeaning("StopFailure", { error: "rate_limit" }).rateLimited, true);
    assert.deepEqual(qwenHookMeaning("SubagentStop", { agent_id: "a1" }).events, [{ kind: "background", active: false }]);
    assert.deepEqual(qwenHookMeaning("SubagentStart", { agent_id: "a1" }).events, [{ kind: "activity", agentId: "a1" }]);
    assert.equal(kinds("Notification", { notification_type: "auth_success" }), "");
  });

  it("installs every event it gives a meaning, and none that Qwen does not know", () => {
    const known = ["PreToolUse", "PostToolUse", "PostToolUseFailure", "Notification", "UserPromptSubmit", "SessionStart", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "SessionEnd", "PermissionRequest", "StopFailure"];
    for (const event of QWEN_HOOK_EVENTS) assert.ok(known.includes(event), event);
    assert.ok(!QWEN_HOOK_EVENTS.includes("PreCompact"));
  });
});
