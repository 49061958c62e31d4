import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsConfig } from "../../../../src/backends/agents-config.ts";
import { GEMINI_HOOK_EVENTS, geminiHookMeaning } from "../../../../src/backends/gemini/hook-events.ts";
import { geminiHooks, readGeminiSettings, sessionSettings } from "../../../../src/backends/gemini/settings.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const HOOK = "/opt/agent mux/shell/agentmux-hook";
const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-gemini-"));

// A payload under which each installed event means something (Notification only for a permission).
const PAYLOADS: Record<string, Record<string, unknown>> = { Notification: { notification_type: "ToolPermission" } };

describe("Gemini hooks agentmux installs", () => {
  it("are exactly the events the event table gives a meaning, each running the forwarder with the event's name", () => {
    const hooks = geminiHooks(HOOK);
    assert.deepEqual(Object.keys(hooks), [...GEMINI_HOOK_EVENTS]);
    for (const [event, groups] of Object.entries(hooks)) {
      const meaning = geminiHookMeaning(event, { session_id: "g1", ...PAYLOADS[event] });
      assert.ok(meaning.events.length > 0, `${event} means something`);
      assert.equal(groups.length, 1);
      const handler = groups[0]?.hooks[0];
      assert.equal(handler?.command, `'${HOOK}' ${event}`);
      assert.equal(handler?.timeout, 10_000, "Gemini's timeouts are in milliseconds");
      assert.equal(groups[0]?.matcher, event.endsWith("Tool") ? "*" : undefined);
    }
  });
});

describe("a Gemini session's settings", () => {
  it("are the user's own with agentmux's hooks after theirs; agentmux groups already there are dropped, not doubled", () => {
    const globalOnes = JSON.parse(agentsConfig(HOOK, "/sl").split("## Gemini CLI")[1]?.replace(/^[^\n]*\n/, "").split("\n\n")[0] ?? "{}") as { hooks: Record<string, unknown[]> };
    const user = { hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "notify-send done" }] }, ...(globalOnes.hooks["AfterAgent"] ?? [])] }, ui: { theme: "Dracula" }, security: { auth: { selectedType: "oauth-personal" } } };
    const once = sessionSettings(user, HOOK);
    assert.deepEqual(once["ui"], { theme: "Dracula" });
    assert.deepEqual(once["security"], user.security);
    const after = (once["hooks"] as Record<string, Array<{ hooks: Array<{ command: string }> }>>)["AfterAgent"] ?? [];
    assert.deepEqual(after.map((g) => g.hooks[0]?.command), ["notify-send done", `'${HOOK}' AfterAgent`]);
    assert.deepEqual(sessionSettings(once, HOOK), once);
  });

  it("refuse a settings file that is not a JSON object, naming the file", () => {
    const dir = scratch();
    assert.deepEqual(readGeminiSettings(join(dir, "missing.json")), {});
    const bad = join(dir, "settings.json");
    writeFileSync(bad, "{ // a comment\n}");
    assert.throws(() => readGeminiSettings(bad), (e: unknown) => e instanceof AgentmuxError && e.message.includes(bad) && /not valid JSON/.test(e.message));
    writeFileSync(bad, "[1]");
    assert.throws(() => readGeminiSettings(bad), /not a JSON object/);
    assert.throws(() => sessionSettings({ hooks: [] }, HOOK), /"hooks" is not a map/);
  });
});
