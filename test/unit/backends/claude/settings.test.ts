import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { HOOK_EVENTS } from "../../../../src/backends/claude/hooks.ts";
import { mergeSettings, prepareClaudeLaunchArgs, pruneSettingsFiles, readUserSettings, sessionSettings, settingsFile, splitSettingsArgs, WEEK_MS } from "../../../../src/backends/claude/settings.ts";
import { shWords } from "../../../../src/util/sh.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";
import { callInChild } from "../../../helpers/in-child.ts";

const SCRIPTS = { hook: "/opt/agent mux/shell/agentmux-hook", statusLine: "/opt/agent mux/shell/agentmux-statusline" };
const HOOK = "'/opt/agent mux/shell/agentmux-hook'";
const STATUS = "'/opt/agent mux/shell/agentmux-statusline'";
const ours = sessionSettings(SCRIPTS);
const group = (command: string) => ({ hooks: [{ type: "command", command }] });
const tmp = () => mkdtempSync(join(tmpdir(), "agentmux-claude-settings-"));

describe("sessionSettings", () => {
  it("hooks every event with a sh-quoted forwarder and sets the status line", () => {
    assert.deepEqual(Object.keys(ours.hooks), [...HOOK_EVENTS]);
    assert.deepEqual(ours.hooks["Stop"], [{ hooks: [{ type: "command", command: `${HOOK} Stop`, timeout: 10 }] }]);
    assert.deepEqual(ours.statusLine, { type: "command", command: STATUS });
    assert.deepEqual(shWords(`${HOOK} Stop`), [SCRIPTS.hook, "Stop"]);
    const quoted = sessionSettings({ hook: "/it's/agentmux-hook", statusLine: "/s" }).hooks["Stop"]?.[0]?.hooks[0]?.command ?? "";
    assert.deepEqual(shWords(quoted), ["/it's/agentmux-hook", "Stop"]);
  });
});

describe("splitSettingsArgs", () => {
  const rows: Array<[string[], string[], string[]]> = [
    [["claude"], ["claude"], []],
    [["claude", "--settings", "a.json", "--model", "opus"], ["claude", "--model", "opus"], ["a.json"]],
    [["claude", "--settings={\"a\":1}"], ["claude"], ['{"a":1}']],
    [["claude", "--settings", "a.json", "--settings=b.json", "--settings", "{}"], ["claude"], ["a.json", "b.json", "{}"]],
    [["claude", "--settings=", "x"], ["claude", "x"], [""]],
    [["claude", "--resume", "id", "--", "--settings x"], ["claude", "--resume", "id", "--", "--settings x"], []],
    [["claude", "--settingsx", "y"], ["claude", "--settingsx", "y"], []],
  ];
  for (const [argv, rest, user] of rows) {
    it(argv.join(" "), () => assert.deepEqual(splitSettingsArgs(argv), { argv: rest, user }));
  }
  it("a --settings without its value is an error", () => {
    throwsLine(() => splitSettingsArgs(["claude", "--settings"]), /--settings is missing its value \(pass a settings file/);
  });
});

describe("mergeSettings", () => {
  it("without user settings is ours", () => {
    assert.deepEqual(mergeSettings(ours, []), { hooks: ours.hooks, statusLine: ours.statusLine });
  });

  it("puts the user's hook groups first, ours after, without duplicates", () => {
    const user = { hooks: { Stop: [group("notify"), group("notify")], PreCompact: [group("save")] } };
    const merged = mergeSettings(ours, [user, { hooks: { Stop: [group("notify"), group("log")] } }]);
    const hooks = merged["hooks"] as Record<string, unknown[]>;
    assert.deepEqual(hooks["Stop"], [group("notify"), group("log"), ...(ours.hooks["Stop"] ?? [])]);
    assert.deepEqual(hooks["PreCompact"], [group("save")]);
    assert.deepEqual(hooks["SessionEnd"], ours.hooks["SessionEnd"]);
  });

  it("keeps our groups once when the user passes our own settings back", () => {
    const merged = mergeSettings(ours, [JSON.parse(JSON.stringify(ours))]);
    assert.deepEqual(merged["hooks"], ours.hooks);
    assert.deepEqual(merged["statusLine"], ours.statusLine);
  });

  it("keeps other keys, the later value winning", () => {
    const merged = mergeSettings(ours, [{ model: "opus", env: { A: "1" } }, { model: "sonnet" }]);
    assert.equal(merged["model"], "sonnet");
    assert.deepEqual(merged["env"], { A: "1" });
  });

  const statusRows: Array<[string, unknown[], unknown]> = [
    ["no user status line: ours", [], { type: "command", command: STATUS }],
    ["the user's is chained through ours", [{ statusLine: { type: "command", command: "npx ccstatusline", padding: 0 } }],
      { type: "command", command: `AGENTMUX_STATUSLINE_CHAIN='npx ccstatusline' ${STATUS}`, padding: 0 }],
    ["the last one wins", [{ statusLine: { type: "command", command: "a" } }, { statusLine: { type: "command", command: "it's b" } }],
      { type: "command", command: `AGENTMUX_STATUSLINE_CHAIN='it'\\''s b' ${STATUS}` }],
    ["ours from another checkout is replaced", [{ statusLine: { type: "command", command: "'/old/shell/agentmux-statusline'" } }], { type: "command", command: STATUS }],
    ["a chained one is re-chained once", [{ statusLine: { type: "command", command: "AGENTMUX_STATUSLINE_CHAIN='mine' /old/agentmux-statusline" } }],
      { type: "command", command: `AGENTMUX_STATUSLINE_CHAIN='mine' ${STATUS}` }],
    ["a malformed one is ignored", [{ statusLine: "mine" }], { type: "command", command: STATUS }],
  ];
  for (const [name, users, expected] of statusRows) {
    it(`status line: ${name}`, () => assert.deepEqual(mergeSettings(ours, users as Array<Record<string, unknown>>)["statusLine"], expected));
  }
});

describe("readUserSettings", () => {
  const dir = tmp();
  writeFileSync(join(dir, "good.json"), '{"model": "opus"}');
  writeFileSync(join(dir, "bad.json"), "{model: opus}");
  it("reads inline JSON and files relative to cwd", () => {
    assert.deepEqual(readUserSettings(' {"a": 1}', "/nowhere"), { a: 1 });
    assert.deepEqual(readUserSettings("good.json", dir), { model: "opus" });
    assert.deepEqual(readUserSettings(join(dir, "good.json"), "/"), { model: "opus" });
  });
  it("names the value and the fix", () => {
    throwsLine(() => readUserSettings("missing.json", dir), /--settings missing\.json: .*missing\.json does not exist \(fix the path/);
    throwsLine(() => readUserSettings("bad.json", dir), /--settings bad\.json:1:2: not valid JSON: Expected .* \(fix the JSON/);
    throwsLine(() => readUserSettings("{nope", dir), /--settings '\{nope':1:2: not valid JSON/);
    throwsLine(() => readUserSettings('{"hooks": {"Stop": {}}}', dir), /"hooks" is not a map of event names to lists/);
  });
});

describe("settings files", () => {
  it("are named by a hash of their content, written once and never rewritten", () => {
    const dir = join(tmp(), "claude-settings");
    const first = settingsFile(dir, { a: 1 }, Date.now());
    assert.match(basename(first), /^claude-settings-[0-9a-f]{16}\.json$/);
    assert.deepEqual(JSON.parse(readFileSync(first, "utf8")), { a: 1 });
    writeFileSync(first, "sentinel");
    const old = Date.now() - WEEK_MS;
    utimesSync(first, old / 1000, old / 1000);
    assert.equal(settingsFile(dir, { a: 1 }, Date.now()), first);
    assert.equal(readFileSync(first, "utf8"), "sentinel", "an existing file is not rewritten");
    assert.ok(Date.now() - statSync(first).mtimeMs < 60_000, "reuse marks it used");
    assert.notEqual(settingsFile(dir, { a: 2 }), first);
    assert.equal(readdirSync(dir).length, 2);
  });

  it("unused longer than the limit are pruned", () => {
    const dir = tmp();
    const now = Date.now();
    const age = (name: string, days: number) => {
      writeFileSync(join(dir, name), "{}");
      const t = (now - days * 24 * 3600 * 1000) / 1000;
      utimesSync(join(dir, name), t, t);
    };
    age("claude-settings-old.json", 8);
    age("claude-settings-new.json", 6);
    age("other.json", 30);
    assert.deepEqual(pruneSettingsFiles(dir, now), [join(dir, "claude-settings-old.json")]);
    assert.deepEqual(readdirSync(dir).sort(), ["claude-settings-new.json", "other.json"]);
    assert.deepEqual(pruneSettingsFiles(dir, now, 24 * 3600 * 1000), [join(dir, "claude-settings-new.json")]);
    assert.deepEqual(pruneSettingsFiles(join(dir, "missing"), now), []);
  });
});

describe("prepareClaudeLaunchArgs", () => {
  it("replaces the user's --settings with one merged file before any --", () => {
    const root = tmp();
    const cwd = join(root, "proj");
    mkdirSync(cwd);
    writeFileSync(join(cwd, "mine.json"), JSON.stringify({ model: "opus", hooks: { Stop: [group("notify")] } }));
    const env = { HOME: join(root, "home") };
    const { argv, file } = prepareClaudeLaunchArgs({
      argv: ["claude", "--settings", "mine.json", "--resume", "id", "--", "-hi"], stateDir: join(root, "state"), cwd, env, scripts: SCRIPTS,
    });
    assert.deepEqual(argv, ["claude", "--resume", "id", "--settings", file, "--", "-hi"]);
    assert.equal(file.startsWith(join(root, "state", "claude-settings", "claude-settings-")), true);
    const written = JSON.parse(readFileSync(file, "utf8"));
    assert.equal(written.model, "opus");
    assert.deepEqual(written.hooks.Stop[0], group("notify"));
    assert.equal(written.hooks.Stop.length, 2);
    assert.deepEqual(prepareClaudeLaunchArgs({ argv: ["claude"], stateDir: join(root, "state"), cwd, env, scripts: SCRIPTS }).argv.slice(1, 2), ["--settings"]);
  });

  it("chains the status line of the user's own Claude settings", () => {
    const root = tmp();
    mkdirSync(join(root, "cfg"));
    writeFileSync(join(root, "cfg", "settings.json"), JSON.stringify({ statusLine: { type: "command", command: "my-line" } }));
    const { file } = prepareClaudeLaunchArgs({ argv: ["claude"], stateDir: root, cwd: root, env: { CLAUDE_CONFIG_DIR: join(root, "cfg") }, scripts: SCRIPTS });
    assert.equal(JSON.parse(readFileSync(file, "utf8")).statusLine.command, `AGENTMUX_STATUSLINE_CHAIN='my-line' ${STATUS}`);
    assert.ok(existsSync(file));
  });
});

describe("inheritedStatusLine: the status line a project's or the user's settings give", () => {
  it("a repository's .claude/settings.local.json linked to /dev/zero is skipped, not read; the next file's status line holds", () => {
    const root = mkdtempSync(join(tmpdir(), "agentmux-inherit-"));
    try {
      mkdirSync(join(root, "repo", ".claude"), { recursive: true });
      symlinkSync("/dev/zero", join(root, "repo", ".claude", "settings.local.json"));
      writeFileSync(join(root, "repo", ".claude", "settings.json"), '{"statusLine": {"type": "command", "command": "mine"}}');
      // In a child: the old reader read /dev/zero until memory ran out, at every agentmux new in that repository.
      const outcome = callInChild("backends/claude/settings.ts", "inheritedStatusLine", [[join(root, "repo"), { CLAUDE_CONFIG_DIR: join(root, "claude") }]]);
      assert.deepEqual(outcome, [{ value: { type: "command", command: "mine" } }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
