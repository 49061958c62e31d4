import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentsConfig } from "../../src/backends/agents-config.ts";
import { gemini } from "../../src/backends/gemini.ts";
import { GEMINI_HOOK_EVENTS, geminiHookMeaning } from "../../src/backends/gemini-hook-events.ts";
import { DEFAULTS_VARIABLE, geminiHooks, inheritedDefaultsPath, prepareGeminiEnv, readInheritedDefaults, sessionDefaults } from "../../src/backends/gemini-settings.ts";
import { AgentmuxError } from "../../src/util/errors.ts";

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

  it("printed by init --agents stand aside in sessions agentmux started (--global --agent gemini)", () => {
    const text = agentsConfig(HOOK, "/sl");
    assert.match(text, /'\/opt\/agent mux\/shell\/agentmux-hook' --global --agent gemini AfterAgent/);
    assert.doesNotMatch(text, /' --agent gemini AfterAgent/);
  });
});

describe("the system-defaults file of a Gemini session", () => {
  it("is found where Gemini CLI 0.61 looks without our variable", () => {
    assert.equal(inheritedDefaultsPath({}, "linux"), "/etc/gemini-cli/system-defaults.json");
    assert.equal(inheritedDefaultsPath({}, "darwin"), "/Library/Application Support/GeminiCli/system-defaults.json");
    assert.equal(inheritedDefaultsPath({ GEMINI_CLI_SYSTEM_SETTINGS_PATH: "/srv/g/settings.json" }, "linux"), "/srv/g/system-defaults.json");
    assert.equal(inheritedDefaultsPath({ [DEFAULTS_VARIABLE]: "/srv/d.json", GEMINI_CLI_SYSTEM_SETTINGS_PATH: "/x/s.json" }, "linux"), "/srv/d.json");
  });

  it("keeps the inherited defaults and their hooks, ours after theirs; an inherited agentmux group is replaced, not doubled", () => {
    const theirs = { hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "notify-send done" }] }] }, ui: { theme: "Dracula" } };
    const once = sessionDefaults(theirs, HOOK);
    assert.deepEqual(once["ui"], { theme: "Dracula" });
    const after = (once["hooks"] as Record<string, Array<{ hooks: Array<{ command: string }> }>>)["AfterAgent"] ?? [];
    assert.deepEqual(after.map((g) => g.hooks[0]?.command), ["notify-send done", `'${HOOK}' AfterAgent`]);
    // A session started from inside an agentmux Gemini session inherits its file: still one group of ours.
    const twice = sessionDefaults(once, HOOK);
    assert.deepEqual(twice, once);
  });

  it("refuses inherited defaults that are not a JSON object, naming the file", () => {
    const dir = scratch();
    assert.deepEqual(readInheritedDefaults(join(dir, "missing.json")), {});
    const bad = join(dir, "system-defaults.json");
    writeFileSync(bad, "{ // a comment\n}");
    assert.throws(() => readInheritedDefaults(bad), (e: unknown) => e instanceof AgentmuxError && e.message.includes(bad) && /not valid JSON/.test(e.message));
    writeFileSync(bad, "[1]");
    assert.throws(() => readInheritedDefaults(bad), /not a JSON object/);
    assert.throws(() => sessionDefaults({ hooks: [] }, HOOK), /"hooks" is not a map/);
  });

  it("is written once per content under the state dir and named in GEMINI_CLI_SYSTEM_DEFAULTS_PATH; week-old ones are pruned", () => {
    const dir = scratch();
    const admin = join(dir, "admin-defaults.json");
    writeFileSync(admin, JSON.stringify({ general: { vimMode: true } }));
    const env = prepareGeminiEnv({ stateDir: dir, env: { [DEFAULTS_VARIABLE]: admin }, hookPath: HOOK, now: 1_000_000_000_000 });
    const file = env[DEFAULTS_VARIABLE] ?? "";
    assert.match(file, new RegExp(`^${join(dir, "gemini-settings")}/gemini-defaults-[0-9a-f]{16}\\.json$`));
    const written = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    assert.deepEqual(written["general"], { vimMode: true });
    assert.deepEqual(Object.keys(written["hooks"] as object), [...GEMINI_HOOK_EVENTS]);
    assert.deepEqual(prepareGeminiEnv({ stateDir: dir, env: { [DEFAULTS_VARIABLE]: admin }, hookPath: HOOK }), env);
    const old = join(dir, "gemini-settings", "gemini-defaults-0123456789abcdef.json");
    writeFileSync(old, "{}");
    utimesSync(old, 1, 1);
    prepareGeminiEnv({ stateDir: dir, env: {}, hookPath: HOOK, platform: "linux" });
    assert.ok(!readdirSync(join(dir, "gemini-settings")).includes("gemini-defaults-0123456789abcdef.json"));
  });

  it("is what the backend hands the pane, next to an unchanged launch argv", () => {
    const dir = scratch();
    const env = gemini.prepareEnv?.({ stateDir: dir, cwd: dir, env: { [DEFAULTS_VARIABLE]: join(dir, "none.json") } }) ?? {};
    assert.match(env[DEFAULTS_VARIABLE] ?? "", /gemini-defaults-/);
    assert.equal(gemini.prepare, undefined, "the argv stays the user's");
  });
});
