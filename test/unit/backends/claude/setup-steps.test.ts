import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeGlobalHooksStep, claudeSessionSettingsStep } from "../../../../src/backends/claude/setup-steps.ts";
import { addGlobalSettings } from "../../../../src/backends/claude/global.ts";

describe("setup: Claude's settings", () => {
  it("writes the session settings file and says where", () => {
    const state = mkdtempSync(join(tmpdir(), "agentmux-setup-state-"));
    const step = claudeSessionSettingsStep(state);
    assert.equal(step.ok, true);
    const file = /^(\S+): agentmux's hooks/.exec(step.found)?.[1] ?? "";
    assert.ok(existsSync(file), step.found);
    assert.ok((JSON.parse(readFileSync(file, "utf8")) as { hooks?: unknown }).hooks);
  });

  it("agentmux's hooks in the user settings too: removal offered, only agentmux's entries removed, the file backed up; none there is not asked about", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-setup-claude-"));
    const env = { CLAUDE_CONFIG_DIR: dir };
    assert.equal(claudeGlobalHooksStep(env).ok, true, "no settings file");
    const mine = { model: "opus", hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] } };
    writeFileSync(join(dir, "settings.json"), JSON.stringify(mine));
    const clean = claudeGlobalHooksStep(env);
    assert.equal(clean.ok, true);
    assert.equal(clean.offer, undefined);
    const both = addGlobalSettings(mine, { hook: "/opt/agentmux/shell/agentmux-hook", statusLine: "/opt/agentmux/shell/agentmux-statusline" }).settings;
    writeFileSync(join(dir, "settings.json"), JSON.stringify(both));
    const twice = claudeGlobalHooksStep(env);
    assert.equal(twice.ok, false);
    assert.match(twice.found, /holds \d+ of agentmux's hooks and its status line: a session agentmux starts reports each event twice/);
    assert.match(twice.offer?.apply() ?? "", /^removed \d+ hook\(s\) and the status line from .*settings\.json \(backup: /);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "settings.json"), "utf8")), mine);
    assert.equal(readdirSync(dir).filter((n) => n.includes("backup")).length, 1);
    writeFileSync(join(dir, "settings.json"), "{ not json");
    assert.match(claudeGlobalHooksStep(env).found, /cannot be read as JSON/);
  });
});
