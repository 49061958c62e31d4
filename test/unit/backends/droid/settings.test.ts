import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DROID_HOOK_EVENTS, droidHookMeaning } from "../../../../src/backends/droid/hook-events.ts";
import { droidHooks, droidSettingsDir, prepareDroidLaunchArgs, pruneDroidSettings, runtimeSettings, writeSettingsFile } from "../../../../src/backends/droid/settings.ts";
import { AgentmuxError } from "../../../../src/util/errors.ts";

const HOOK = "/opt/agent mux/it's/shell/agentmux-hook";
const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-droid-"));
type Groups = Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout?: number }> }>>;

// A payload under which each installed event means something (Notification only at a dialog).
const PAYLOADS: Record<string, Record<string, unknown>> = { Notification: { notification_type: "permission_prompt" } };

describe("droid hooks agentmux installs", () => {
  it("are the events the table gives a meaning, each running the quoted forwarder with the event's name, timeouts in seconds", () => {
    const hooks = droidHooks(HOOK) as unknown as Groups;
    assert.deepEqual(Object.keys(hooks), [...DROID_HOOK_EVENTS]);
    for (const [event, groups] of Object.entries(hooks)) {
      assert.ok(droidHookMeaning(event, { session_id: "d1", ...PAYLOADS[event] }).sessionId === "d1", event);
      assert.equal(groups.length, 1);
      assert.equal(groups[0]?.hooks[0]?.command, `'/opt/agent mux/it'\\''s/shell/agentmux-hook' ${event}`);
      assert.equal(groups[0]?.hooks[0]?.timeout, 10);
      assert.equal(groups[0]?.matcher, event.endsWith("ToolUse") ? "*" : undefined);
    }
  });
});

describe("a droid session's runtime settings", () => {
  it("keep the user's --settings keys and hooks, agentmux's groups after theirs; agentmux's --global groups are dropped, not doubled", () => {
    const global = droidHooks(HOOK, ["--global", "--agent", "droid"]);
    const user = { model: "custom:x", hooks: { Stop: [{ hooks: [{ type: "command", command: "notify-send done" }] }, ...(global["Stop"] ?? [])] } };
    const settings = runtimeSettings(user, HOOK);
    assert.equal(settings["model"], "custom:x");
    const stop = (settings["hooks"] as Groups)["Stop"] ?? [];
    assert.deepEqual(stop.map((g) => g.hooks[0]?.command), ["notify-send done", `'/opt/agent mux/it'\\''s/shell/agentmux-hook' Stop`]);
  });
  it("a hooks value that is not a map of lists is refused, naming the file", () => {
    assert.throws(() => runtimeSettings({ hooks: [] }, HOOK, "--settings mine.json"), (e: unknown) => e instanceof AgentmuxError && /mine\.json: "hooks" is not a map/.test(e.message));
  });
});

describe("prepareDroidLaunchArgs", () => {
  it("puts --settings <file> right after the program, the file under the state dir, and reads nothing of ~/.factory", () => {
    const root = scratch();
    const home = join(root, "home");
    mkdirSync(join(home, ".factory"), { recursive: true });
    const userSettings = join(home, ".factory", "settings.json");
    const text = '{"customModels": [], "trustedFolders": {}, "hooks": {"Stop": []}}\n';
    writeFileSync(userSettings, text);
    const { argv, file } = prepareDroidLaunchArgs({ argv: ["droid", "--resume", "abc"], stateDir: join(root, "state"), cwd: root, hookPath: HOOK });
    assert.deepEqual(argv, ["droid", "--settings", file, "--resume", "abc"]);
    assert.equal(file.startsWith(droidSettingsDir(join(root, "state"))), true);
    const written = JSON.parse(readFileSync(file, "utf8")) as { hooks: Groups };
    assert.deepEqual(Object.keys(written.hooks), [...DROID_HOOK_EVENTS]);
    assert.equal(readFileSync(userSettings, "utf8"), text, "the user's settings are byte for byte what they were");
    assert.deepEqual(readdirSync(join(home, ".factory")), ["settings.json"]);
  });
  it("folds the user's own --settings (the last one, as droid reads it; relative to the session directory) into its file", () => {
    const root = scratch();
    writeFileSync(join(root, "first.json"), '{"model": "one"}');
    const mine = '{"model": "two", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}';
    writeFileSync(join(root, "mine.json"), mine);
    const { argv, file } = prepareDroidLaunchArgs({ argv: ["droid", "--settings", "first.json", "--settings=mine.json", "--", "-x"], stateDir: join(root, "state"), cwd: root, hookPath: HOOK });
    assert.deepEqual(argv, ["droid", "--settings", file, "--", "-x"]);
    const written = JSON.parse(readFileSync(file, "utf8")) as { model: string; hooks: Groups };
    assert.equal(written.model, "two");
    assert.deepEqual(written.hooks["Stop"]?.map((g) => g.hooks[0]?.command), ["say done", `'/opt/agent mux/it'\\''s/shell/agentmux-hook' Stop`]);
    assert.equal(readFileSync(join(root, "mine.json"), "utf8"), mine);
  });
  it("a user's --settings that is missing or not JSON is an error naming it", () => {
    const root = scratch();
    const run = (arg: string) => () => prepareDroidLaunchArgs({ argv: ["droid", "--settings", arg], stateDir: join(root, "state"), cwd: root, hookPath: HOOK });
    assert.throws(run("gone.json"), (e: unknown) => e instanceof AgentmuxError && /--settings gone\.json: .*does not exist/.test(e.message));
    writeFileSync(join(root, "bad.json"), "{ nope");
    assert.throws(run("bad.json"), (e: unknown) => e instanceof AgentmuxError && /bad\.json.*not valid JSON/.test(e.message));
    assert.throws(() => prepareDroidLaunchArgs({ argv: ["droid", "--settings"], stateDir: root, cwd: root }), AgentmuxError);
  });
});

describe("droid settings files", () => {
  it("are named by their content: the same settings reuse one file, touched", () => {
    const dir = scratch();
    const a = writeSettingsFile(dir, { hooks: {} }, 1_000_000);
    const b = writeSettingsFile(dir, { hooks: {} }, 2_000_000);
    assert.equal(a, b);
    assert.notEqual(writeSettingsFile(dir, { hooks: { Stop: [] } }), a);
  });
  it("unused for a week are pruned; others and foreign files stay", () => {
    const dir = scratch();
    const now = Date.now();
    const old = writeSettingsFile(dir, { a: 1 }, now);
    const fresh = writeSettingsFile(dir, { a: 2 }, now);
    writeFileSync(join(dir, "notes.json"), "{}");
    const weekAgo = (now - 8 * 24 * 60 * 60 * 1000) / 1000;
    utimesSync(old, weekAgo, weekAgo);
    utimesSync(join(dir, "notes.json"), weekAgo, weekAgo);
    assert.deepEqual(pruneDroidSettings(dir, now), [old]);
    assert.equal(existsSync(fresh), true);
    assert.equal(existsSync(join(dir, "notes.json")), true);
    assert.deepEqual(pruneDroidSettings(join(dir, "none"), now), []);
  });
});
