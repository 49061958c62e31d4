import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { hookMeaning } from "../../../src/backends/hooks.ts";

const HOOKS = join(import.meta.dirname, "..", "..", "fixtures", "real", "hooks");
const lines = (name: string) => readFileSync(join(HOOKS, name), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
const kinds = (backend: string, event: string, payload: Record<string, unknown>) => hookMeaning(backend, event, payload).events.map((e) => e.kind).join(",");

describe("Codex hooks and notify", () => {
  it("one real turn with an approval: submit, activity, blocked, activity, stop", () => {
    const turn = lines("codex-hooks.jsonl").slice(5, 10).map((l) => `${String(l["event"])}:${kinds("codex", String(l["event"]), l["payload"] as Record<string, unknown>)}`);
    assert.deepEqual(turn, ["UserPromptSubmit:submit", "PreToolUse:activity", "PermissionRequest:blocked", "PostToolUse:activity", "Stop:stop"]);
  });
  it("SessionStart names the session without starting a turn", () => {
    const first = lines("codex-hooks.jsonl")[0] as { payload: Record<string, unknown> };
    const meaning = hookMeaning("codex", "SessionStart", first.payload);
    assert.deepEqual(meaning.events, []);
    assert.match(meaning.sessionId ?? "", /^[0-9a-f-]{36}$/);
  });
  it("agent-turn-complete ends a turn of the session's own thread only", () => {
    const notify = lines("codex-notify.jsonl").map((l) => (l["payload"] ?? l["json"] ?? l) as Record<string, unknown>);
    const meaning = hookMeaning("codex", "agent-turn-complete", notify[0] ?? {});
    assert.deepEqual(meaning.events, [{ kind: "stop" }]);
    assert.equal(meaning.onlyForSession, "01a227ed-8e0c-7913-ac07-4e7514c66f56");
    assert.notEqual(hookMeaning("codex", "agent-turn-complete", notify[1] ?? {}).onlyForSession, meaning.onlyForSession, "the title thread");
  });
});

describe("Gemini hooks", () => {
  const rows: Array<[string, Record<string, unknown>, string]> = [
    ["SessionStart", {}, "started"], ["BeforeAgent", {}, "submit"], ["AfterModel", {}, "activity"], ["BeforeTool", {}, "activity"],
    ["Notification", { notification_type: "ToolPermission" }, "blocked"], ["AfterAgent", {}, "stop"], ["PreCompress", {}, ""], ["SessionEnd", {}, ""],
  ];
  for (const [event, payload, expected] of rows) it(`${event} → ${expected || "nothing"}`, () => assert.equal(kinds("gemini", event, payload), expected));
  it("every real payload maps", () => {
    const seen = new Set(lines("gemini-hooks.jsonl").map((l) => kinds("gemini", String(l["event"]), l["payload"] as Record<string, unknown>)));
    assert.ok(seen.has("submit") && seen.has("stop") && seen.has("blocked"));
  });
});

describe("opencode plugin events", () => {
  const rows: Array<[string, string]> = [["session-created", "started"], ["session-busy", "activity"], ["session-idle", "stop"], ["permission-asked", "blocked"], ["permission-replied", "activity"], ["question-asked", "blocked"], ["message-updated", ""]];
  for (const [event, expected] of rows) it(`${event} → ${expected || "nothing"}`, () => assert.equal(kinds("opencode", event, { sessionID: "ses_1" }), expected));
});
