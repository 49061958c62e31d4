import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { opencodeAsk } from "../../../../src/backends/opencode/ask.ts";
import { hookAskOf } from "../../../../src/backends/hooks.ts";

/** opencode 1.18's bus events as its plugin saw them (test/fixtures/real/hooks/opencode-plugin-events.jsonl). */
const events = readFileSync(new URL("../../../../test/fixtures/real/hooks/opencode-plugin-events.jsonl", import.meta.url), "utf8")
  .split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as { type: string; properties: Record<string, unknown> });

describe("opencodeAsk", () => {
  it("permission.asked: the permission and its command", () => {
    const asked = events.filter((e) => e.type === "permission.asked");
    assert.deepEqual(opencodeAsk("permission-asked", asked[1]!.properties), { kind: "permission", summary: "bash: touch /home/dev/e2e/w", text: ["bash: touch /home/dev/e2e/w"], options: [] });
    assert.equal(opencodeAsk("permission-asked", asked[0]!.properties)?.kind, "permission");
  });

  it("permission.replied: answered", () => {
    const replied = events.find((e) => e.type === "permission.replied");
    assert.deepEqual(opencodeAsk("permission-replied", replied!.properties), { kind: "done" });
  });

  it("question.asked: its questions read like AskUserQuestion's", () => {
    const ask = opencodeAsk("question-asked", { sessionID: "ses_1", questions: [{ question: "Which colour should the marker be?", header: "Colour", options: [{ label: "Red" }, { label: "Blue" }] }] });
    assert.deepEqual(ask, { kind: "question", summary: "Which colour should the marker be?", text: ["Which colour should the marker be?"], options: ["Red", "Blue"] });
  });

  it("is the table's reading for opencode sessions (hookAskOf)", () => {
    assert.deepEqual(hookAskOf("opencode", "permission-replied", {}), { kind: "done" });
    assert.equal(hookAskOf("opencode", "session-idle", { sessionID: "s" }), null);
    assert.equal(hookAskOf("claude", "agentmux-blocked", {}), null);
  });
});
