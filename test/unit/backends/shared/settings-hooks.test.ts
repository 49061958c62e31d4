import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandHooks, isAgentmuxEntry, readSettingsFile, withHooks } from "../../../../src/backends/shared/settings-hooks.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const HOOK = "/opt/agent mux 'x'/shell/agentmux-hook";

describe("Claude-format settings hooks", () => {
  it("one group per event running the quoted forwarder with the event's name, with a matcher and fields where asked", () => {
    const hooks = commandHooks(HOOK, ["Stop", "PreToolUse"], { args: ["--global"], matcher: (e) => (e.endsWith("ToolUse") ? "*" : undefined), fields: () => ({ timeout: 10 }) });
    assert.deepEqual(hooks, {
      Stop: [{ hooks: [{ type: "command", command: `'/opt/agent mux '\\''x'\\''/shell/agentmux-hook' --global Stop`, timeout: 10 }] }],
      PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: `'/opt/agent mux '\\''x'\\''/shell/agentmux-hook' --global PreToolUse`, timeout: 10 }] }],
    });
    assert.ok(isAgentmuxEntry(hooks["Stop"]?.[0]));
    assert.ok(isAgentmuxEntry({ type: "command", bash: "AGENTMUX_X=1 /a/agentmux-hook Stop" }), "a flat handler with bash (Copilot's shape)");
    assert.ok(!isAgentmuxEntry({ hooks: [{ type: "command", command: "notify-send hi" }] }));
    assert.ok(!isAgentmuxEntry({ hooks: [] }));
  });

  it("the user's settings keep their own entries first; agentmux's old ones are replaced, not doubled", () => {
    const ours = commandHooks(HOOK, ["Stop"]);
    const user = { model: "x", hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }, ...(ours["Stop"] ?? [])], Other: [] } };
    const merged = withHooks(user, ours, "settings.json", "{}");
    assert.equal(merged["model"], "x");
    assert.deepEqual((merged["hooks"] as Record<string, unknown[]>)["Stop"], [{ hooks: [{ type: "command", command: "say done" }] }, ...(ours["Stop"] ?? [])]);
    assert.deepEqual(withHooks(merged, ours, "settings.json", "{}"), merged);
    assert.throws(() => withHooks({ hooks: [] }, ours, "/u/settings.json", "{}"), (e: unknown) => e instanceof AgentmuxError && /\/u\/settings\.json: "hooks" is not a map/.test(e.message));
  });

  it("a settings file is read as one JSON object; missing or empty is {}; the error names the CLI and the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-settings-"));
    try {
      assert.deepEqual(readSettingsFile(join(dir, "none.json"), "Qwen Code"), {});
      const file = join(dir, "settings.json");
      writeFileSync(file, "  \n");
      assert.deepEqual(readSettingsFile(file, "Qwen Code"), {});
      writeFileSync(file, "{ // no\n}");
      assert.throws(() => readSettingsFile(file, "Qwen Code"), (e: unknown) => e instanceof AgentmuxError && e.message.startsWith(`Qwen Code settings ${file}`) && /not valid JSON/.test(e.message));
      writeFileSync(file, "[]");
      assert.throws(() => readSettingsFile(file, "Qwen Code"), /not a JSON object/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
