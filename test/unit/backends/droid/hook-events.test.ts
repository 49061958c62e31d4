import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DROID_HOOK_EVENTS, DROID_HOOKS, droidHookMeaning } from "../../../../src/backends/droid/hook-events.ts";
import { reportsPrompt } from "../../../../src/backends/shared/hook-table.ts";

const FIXTURE = join(import.meta.dirname, "..", "..", "..", "fixtures", "real", "hooks", "droid-hooks.jsonl");
const lines = readFileSync(FIXTURE, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { event: string; payload: Record<string, unknown> });
const kinds = (event: string, payload: Record<string, unknown>) => droidHookMeaning(event, payload).events.map((e) => e.kind).join(",");

describe("droid's hook events", () => {
  it("installs the seven that tell the session's state, in order", () => {
    assert.deepEqual(DROID_HOOK_EVENTS, ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Notification", "Stop", "SessionEnd"]);
  });
  it("a real session (droid 0.225): start, a turn, a command approval, an interrupted turn, exit", () => {
    const seen = lines.map((l) => `${l.event}:${kinds(l.event, l.payload)}`);
    assert.deepEqual(seen, [
      "SessionStart:started",
      "UserPromptSubmit:submit", "Stop:stop",
      "UserPromptSubmit:submit", "PreToolUse:activity", "Notification:blocked", "PostToolUse:activity", "Stop:stop",
      "UserPromptSubmit:submit", "Notification:stop",
      "UserPromptSubmit:submit", "Stop:stop",
      "SessionEnd:", "SessionEnd:",
    ]);
    const ids = new Set(lines.map((l) => droidHookMeaning(l.event, l.payload).sessionId));
    assert.equal(ids.size, 1);
    assert.match([...ids][0] ?? "", /^[0-9a-f-]{36}$/);
  });
  it("the causes: the command of an approval, an interruption, a question", () => {
    const approval = lines.find((l) => l.payload["notification_type"] === "permission_prompt");
    assert.deepEqual(DROID_HOOKS.events["Notification"]?.cause?.(approval?.payload ?? {}), { why: "permission", detail: "Factory CLI needs permission to execute 1 tool(s)" });
    const stopped = lines.find((l) => l.payload["notification_type"] === "idle_prompt");
    assert.deepEqual(DROID_HOOKS.events["Notification"]?.cause?.(stopped?.payload ?? {}), { why: "interrupted" });
    const question = { notification_type: "elicitation_dialog", message: "Factory CLI is asking the user 1 question(s)" };
    assert.equal(kinds("Notification", question), "blocked");
    assert.equal(DROID_HOOKS.events["Notification"]?.cause?.(question)?.why, "question");
    assert.equal(kinds("Notification", { notification_type: "something_else" }), "");
  });
  it("the prompt comes in UserPromptSubmit's payload; /quit starts no turn", () => {
    assert.equal(reportsPrompt(DROID_HOOKS, "UserPromptSubmit"), true);
    assert.equal(kinds("UserPromptSubmit", { prompt: "/quit" }), "");
  });
  it("SubagentStop, PreCompact and unknown events only name the session", () => {
    for (const event of ["SubagentStop", "PreCompact", "Later"]) assert.deepEqual(droidHookMeaning(event, { session_id: "d1" }), { sessionId: "d1", events: [] });
  });
});
