import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QWEN_HOOK_EVENTS, qwenHookMeaning } from "../../../../src/backends/qwen/hook-events.ts";
import { qwenHooks, readQwenSettings, sessionSettings } from "../../../../src/backends/qwen/settings.ts";
import { shWords } from "../../../../src/util/sh.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const HOOK = "/opt/agent mux/it's/shell/agentmux-hook";
type Groups = Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout: number; name: string }> }>>;

describe("Qwen Code hooks agentmux installs", () => {
  it("are the events the table gives a meaning, each running the forwarder (quoted for Qwen's shell) with the event's name", () => {
    const hooks = qwenHooks(HOOK) as unknown as Groups;
    assert.deepEqual(Object.keys(hooks), [...QWEN_HOOK_EVENTS]);
    for (const [event, groups] of Object.entries(hooks)) {
      assert.equal(groups.length, 1);
      const handler = groups[0]?.hooks[0];
      assert.deepEqual(shWords(handler?.command ?? ""), [HOOK, event]);
      assert.equal(handler?.timeout, 10_000, "Qwen's timeouts are in milliseconds");
      assert.equal(handler?.name, `agentmux-${event}`);
      assert.equal(groups[0]?.matcher, /Tool|Permission/.test(event) ? "*" : undefined, event);
      if (event !== "SessionEnd") assert.ok(qwenHookMeaning(event, { session_id: "q1", prompt: "hi", notification_type: "permission_prompt" }).events.length > 0, `${event} means something`);
    }
  });
});

describe("a Qwen session's settings", () => {
  it("are the user's own with agentmux's hooks after theirs, once", () => {
    const user = { hooks: { Stop: [{ hooks: [{ type: "command", command: "notify-send done" }] }, ...(qwenHooks(HOOK, ["--global", "--agent", "qwen"])["Stop"] ?? [])] }, model: { name: "qwen3-coder-plus" } };
    const once = sessionSettings(user, HOOK);
    assert.deepEqual(once["model"], user.model);
    const stop = (once["hooks"] as Groups)["Stop"] ?? [];
    assert.deepEqual(stop.map((g) => shWords(g.hooks[0]?.command ?? "")), [["notify-send", "done"], [HOOK, "Stop"]]);
    assert.deepEqual(sessionSettings(once, HOOK), once);
  });

  it("refuse a file that is not JSON or hooks that are not lists, naming the file and the fix", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-qwen-"));
    try {
      assert.deepEqual(readQwenSettings(join(dir, "missing.json")), {});
      const bad = join(dir, "settings.json");
      writeFileSync(bad, "{ \"ui\": ");
      assert.throws(() => readQwenSettings(bad), (e: unknown) => e instanceof AgentmuxError && e.message.includes(bad) && /Qwen Code settings/.test(e.message) && /not valid JSON/.test(e.message));
      assert.throws(() => sessionSettings({ hooks: { Stop: "x" } }, HOOK, bad), (e: unknown) => e instanceof AgentmuxError && e.message.includes(bad) && /map of event names to lists/.test(e.message));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
