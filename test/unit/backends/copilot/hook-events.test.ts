import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COPILOT_HOOK_EVENTS, COPILOT_HOOKS, copilotAsk, copilotHookMeaning } from "../../../../src/backends/copilot/hook-events.ts";
import { reportsPrompt } from "../../../../src/backends/shared/hook-table.ts";

const HOOKS = join(import.meta.dirname, "..", "..", "..", "fixtures", "real", "hooks");
const real = readFileSync(join(HOOKS, "copilot-hooks.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { event: string; payload: Record<string, unknown> });
const kinds = (event: string, payload: Record<string, unknown>) => copilotHookMeaning(event, payload).events.map((e) => e.kind).join(",");
const ID = "055bc929-4ab5-48e4-85d5-8c1e64fd590d";

describe("Copilot CLI hook events", () => {
  it("installs its lifecycle, prompt, tool, permission, notification and stop events", () => {
    assert.deepEqual([...COPILOT_HOOK_EVENTS], ["sessionStart", "userPromptSubmitted", "preToolUse", "postToolUse", "postToolUseFailure", "subagentStart", "permissionRequest", "notification", "agentStop", "sessionEnd"]);
  });

  it("a real session's events: started, submit, stop, then a turn with a permission dialog", () => {
    assert.deepEqual(real.slice(0, 10).map((l) => `${l.event}:${kinds(l.event, l.payload)}`), [
      "sessionStart:started", "userPromptSubmitted:submit", "agentStop:stop", "userPromptSubmitted:submit", "preToolUse:activity",
      "permissionRequest:blocked", "notification:blocked", "postToolUse:activity", "agentStop:stop", "sessionEnd:",
    ]);
  });

  it("every payload names its session by sessionId (camelCase), and sessionEnd only that", () => {
    for (const { event, payload } of real.slice(0, 10)) assert.equal(copilotHookMeaning(event, payload).sessionId, ID, event);
    assert.deepEqual(copilotHookMeaning("errorOccurred", { sessionId: ID }), { sessionId: ID, events: [] });
    assert.deepEqual(copilotHookMeaning("errorOccurred", {}).events, []);
  });

  it("userPromptSubmitted carries the prompt; /exit starts no turn", () => {
    assert.ok(reportsPrompt(COPILOT_HOOKS, "userPromptSubmitted"));
    assert.equal(kinds("userPromptSubmitted", { sessionId: ID, prompt: "/exit" }), "");
  });

  it("notifications block only for a dialog the user must answer", () => {
    assert.equal(kinds("notification", { notification_type: "permission_prompt" }), "blocked");
    assert.equal(kinds("notification", { notification_type: "elicitation_dialog" }), "blocked");
    assert.equal(kinds("notification", { notification_type: "agent_completed" }), "");
    assert.equal(kinds("notification", {}), "");
  });

  it("the causes: the command a permission is for, a question's words, a finished turn", () => {
    const permission = real.find((l) => l.event === "permissionRequest");
    assert.deepEqual(COPILOT_HOOKS.events["permissionRequest"]?.cause?.(permission?.payload ?? {}), { why: "permission", detail: "touch /home/dev/e2e/work-copilot/m1" });
    const note = real.find((l) => l.event === "notification");
    assert.equal(COPILOT_HOOKS.events["notification"]?.cause?.(note?.payload ?? {})?.why, "permission");
    assert.deepEqual(COPILOT_HOOKS.events["notification"]?.cause?.({ notification_type: "elicitation_dialog", message: "Pick a colour" }), { why: "question", detail: "Pick a colour" });
    assert.equal(COPILOT_HOOKS.events["agentStop"]?.cause?.({})?.why, "finished");
  });

  it("what the session asks: the tool a permission is for, then that it ran", () => {
    const permission = real.find((l) => l.event === "permissionRequest");
    const ask = copilotAsk("permissionRequest", permission?.payload ?? {});
    assert.equal(ask?.kind, "permission");
    assert.match(ask && "summary" in ask ? ask.summary : "", /^bash: touch \/home\/dev\/e2e\/work-copilot\/m1$/);
    const ran = real.find((l) => l.event === "postToolUse");
    assert.deepEqual(copilotAsk("postToolUse", ran?.payload ?? {}), { kind: "done" });
    assert.equal(copilotAsk("sessionStart", { sessionId: ID }), null);
  });
});
