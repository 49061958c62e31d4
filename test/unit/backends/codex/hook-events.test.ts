import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CODEX_HOOKS, codexHookMeaning } from "../../../../src/backends/codex/hook-events.ts";
import { installedEvents, reportsPrompt } from "../../../../src/backends/shared/hook-table.ts";

type Line = { event?: string; payload: Record<string, unknown> };
const fixture = (name: string): Line[] => readFileSync(join(import.meta.dirname, "..", "..", "..", "fixtures", "real", "hooks", name), "utf8")
  .trim().split("\n").map((l) => JSON.parse(l) as Line);
const hooks = fixture("codex-hooks.jsonl");
const notify = fixture("codex-notify.jsonl");
const first = (event: string): Record<string, unknown> => {
  const line = hooks.find((l) => l.event === event);
  assert.ok(line, `no ${event} in the fixture`);
  return line.payload;
};
const SESSION = "01a227ed-8e0c-7913-ac07-4e7514c66f56";
const cause = (event: string, payload: Record<string, unknown>) => CODEX_HOOKS.events[event]?.cause?.(payload);

describe("Codex hook events (real payloads of Codex 0.171.0)", () => {
  it("installs its hooks in this order, and not the notify program's event", () => {
    assert.deepEqual(installedEvents(CODEX_HOOKS), ["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop"]);
  });

  it("SessionStart names the session and begins no turn", () => {
    assert.deepEqual(codexHookMeaning("SessionStart", first("SessionStart")), { sessionId: SESSION, promptId: undefined, events: [] });
  });

  it("UserPromptSubmit begins the turn, with the turn's id and the prompt text", () => {
    const payload = first("UserPromptSubmit");
    assert.deepEqual(codexHookMeaning("UserPromptSubmit", payload), { sessionId: SESSION, promptId: "01a227ed-91f6-7d70-aef4-4230e40186b4", events: [{ kind: "submit" }] });
    assert.equal(reportsPrompt(CODEX_HOOKS, "UserPromptSubmit"), true);
    assert.equal(payload["prompt"], "Say hello please");
    assert.equal(cause("UserPromptSubmit", payload), undefined);
  });

  it("PreToolUse and PostToolUse are activity", () => {
    for (const event of ["PreToolUse", "PostToolUse"]) {
      const meaning = codexHookMeaning(event, first(event));
      assert.deepEqual(meaning.events, [{ kind: "activity" }], event);
      assert.equal(meaning.sessionId, SESSION);
      assert.equal(reportsPrompt(CODEX_HOOKS, event), false);
    }
  });

  it("PermissionRequest blocks the session, and its cause is the command asked for", () => {
    const payload = first("PermissionRequest");
    assert.deepEqual(codexHookMeaning("PermissionRequest", payload).events, [{ kind: "blocked" }]);
    const command = (payload["tool_input"] as Record<string, unknown> | undefined)?.["command"];
    assert.equal(typeof command, "string");
    assert.deepEqual(cause("PermissionRequest", payload), { why: "permission", detail: String(command).replace(/\s+/g, " ").trim() });
  });

  it("Stop ends the turn; its cause is what Codex last said", () => {
    const payload = first("Stop");
    assert.deepEqual(codexHookMeaning("Stop", payload), { sessionId: SESSION, promptId: "01a227ed-91f6-7d70-aef4-4230e40186b4", events: [{ kind: "stop" }] });
    assert.deepEqual(cause("Stop", payload), { why: "finished", detail: "Hello from the fake model." });
  });

  it("SessionEnd, which agentmux does not install, still names the session and means nothing else", () => {
    const meaning = codexHookMeaning("SessionEnd", first("SessionEnd"));
    assert.deepEqual(meaning.events, []);
    assert.equal(meaning.sessionId, SESSION);
  });

  it("an event of no known session means nothing", () => {
    assert.deepEqual(codexHookMeaning("SessionEnd", {}), { events: [] });
  });

  it("the notify program's agent-turn-complete ends the turn of its thread only, with the last message as its cause", () => {
    const own = notify[0]?.payload ?? {};
    const title = notify[1]?.payload ?? {};
    assert.deepEqual(codexHookMeaning("agent-turn-complete", own), { events: [{ kind: "stop" }], onlyForSession: SESSION });
    assert.notEqual(codexHookMeaning("agent-turn-complete", title).onlyForSession, SESSION, "Codex's title-generation thread");
    assert.deepEqual(cause("agent-turn-complete", own), { why: "finished", detail: "Hello from the fake model." });
    assert.equal(codexHookMeaning("agent-turn-complete", own).sessionId, undefined, "notify does not name the session itself");
  });

  it("every real payload means what its event says", () => {
    const expected: Record<string, string> = { SessionStart: "", UserPromptSubmit: "submit", PreToolUse: "activity", PermissionRequest: "blocked", PostToolUse: "activity", Stop: "stop", SessionEnd: "" };
    for (const line of hooks) {
      const event = line.event ?? "";
      assert.equal(codexHookMeaning(event, line.payload).events.map((e) => e.kind).join(","), expected[event], event);
    }
  });
});
