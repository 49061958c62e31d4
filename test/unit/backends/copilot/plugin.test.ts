import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COPILOT_HOOK_EVENTS } from "../../../../src/backends/copilot/hook-events.ts";
import { copilotHooks, copilotPluginDir, prepareCopilotArgs } from "../../../../src/backends/copilot/plugin.ts";
import { copilot } from "../../../../src/backends/copilot/index.ts";
import { isAgentmuxEntry } from "../../../../src/backends/shared/settings-hooks.ts";
import { shWords } from "../../../../src/util/sh.ts";

const HOOK = "/opt/agent mux/it's #1 %s/shell/agentmux-hook";

describe("agentmux's plugin for Copilot CLI sessions", () => {
  it("one flat handler per event: the forwarder and the event, quoted for the shell, seconds in timeoutSec", () => {
    const hooks = copilotHooks(HOOK);
    assert.deepEqual(Object.keys(hooks), [...COPILOT_HOOK_EVENTS]);
    for (const event of COPILOT_HOOK_EVENTS) {
      const [handler, ...more] = hooks[event] ?? [];
      assert.equal(more.length, 0);
      assert.equal(handler?.type, "command");
      assert.deepEqual(shWords(handler?.bash ?? ""), [HOOK, event]);
      assert.equal(handler?.timeoutSec, 10);
      assert.ok(isAgentmuxEntry(handler), "the settings helpers know it for agentmux's");
    }
  });

  it("prepare writes plugin.json and hooks/hooks.json into the state dir and adds --plugin-dir after the program", () => {
    const root = mkdtempSync(join(tmpdir(), "agentmux-copilot-"));
    try {
      const state = join(root, "state dir");
      const argv = prepareCopilotArgs(["copilot", "--resume=abc", "-i", "hi"], state, HOOK);
      const dir = copilotPluginDir(state);
      assert.deepEqual(argv, ["copilot", "--plugin-dir", dir, "--resume=abc", "-i", "hi"]);
      const manifest = JSON.parse(readFileSync(join(dir, "plugin.json"), "utf8")) as { name: string };
      assert.equal(manifest.name, "agentmux");
      const file = JSON.parse(readFileSync(join(dir, "hooks", "hooks.json"), "utf8")) as { version: number; hooks: Record<string, unknown> };
      assert.equal(file.version, 1);
      assert.deepEqual(file.hooks, copilotHooks(HOOK));
      assert.equal(statSync(join(dir, "hooks", "hooks.json")).mode & 0o777, 0o600);
      // A second launch rewrites the same files: nothing piles up.
      prepareCopilotArgs(["copilot"], state, HOOK);
      assert.deepEqual(readdirSync(dir).sort(), ["hooks", "plugin.json"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("the backend's prepare leaves the user's ~/.copilot byte-for-byte unchanged (it is never read or written)", () => {
    const root = mkdtempSync(join(tmpdir(), "agentmux-copilot-"));
    try {
      const user = join(root, "home", ".copilot");
      mkdirSync(user, { recursive: true });
      const settings = '{"hooks": {"agentStop": [{"type": "command", "bash": "echo mine"}]}}\n';
      const config = '// This file is managed automatically.\n{"trustedFolders": ["/w"]}\n';
      writeFileSync(join(user, "settings.json"), settings);
      writeFileSync(join(user, "config.json"), config);
      const before = readdirSync(user).sort();
      const env = { HOME: join(root, "home"), COPILOT_HOME: user };
      const argv = copilot.prepare?.(["copilot"], { stateDir: join(root, "state"), cwd: root, env }) ?? [];
      assert.equal(argv[1], "--plugin-dir");
      assert.equal(readFileSync(join(user, "settings.json"), "utf8"), settings);
      assert.equal(readFileSync(join(user, "config.json"), "utf8"), config);
      assert.deepEqual(readdirSync(user).sort(), before);
      assert.equal(copilot.prepareEnv, undefined, "no variable points Copilot elsewhere");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
