import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentmuxCodexHooks, codexEventLabel, codexHookHash, codexHookKey, codexTrustRecords, mergeCodexHooks, prepareCodexHome } from "../../../../src/backends/codex/hooks.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";

type Json = Record<string, unknown>;
const command = (c: string, extra: Json = {}) => ({ type: "command", command: c, ...extra });

// Written by the real Codex 0.171.0 ("Trust all and continue") for these hooks.json entries.
const REAL: Array<[string, Json, number, string]> = [
  ["SessionStart", { hooks: [command("'/work/main/shell/agentmux-hook' SessionStart", { timeout: 10 })] }, 0, "sha256:b6091ba45c34f2916e6dc95091a5e76c45f74fcfa6d6ad4680bf970e70d86e7d"],
  ["UserPromptSubmit", { matcher: "*", hooks: [command("/bin/true UserPromptSubmit")] }, 0, "sha256:7600ab56d6513fa664cf14368d7efcef0256401ca65b8b8f4db699fd9d9f8f98"],
  ["PreToolUse", { matcher: "*", hooks: [command("/bin/true PreToolUse")] }, 0, "sha256:7adb892fec58d5a6683fcb73b76e06f852f94741f3b0210661626494a970f595"],
  ["PermissionRequest", { matcher: "Bash", hooks: [command("/bin/true a", { timeout: 5 })] }, 0, "sha256:f0b65d7c1a47ae40e11689218a33c97dcf433a9ed1bc75f5aca16c166623eda6"],
  ["PermissionRequest", { hooks: [command("/bin/true b"), command("/bin/true c", { statusMessage: "checking" })] }, 0, "sha256:9adbce9249202aeca29d83718491fd002d243b29aeeaf378830f1e52a983eb6b"],
  ["PermissionRequest", { hooks: [command("/bin/true b"), command("/bin/true c", { statusMessage: "checking" })] }, 1, "sha256:7675170a877fda85b7271a863f1b9e048213e214248a17910303ed40e0373821"],
  ["PostToolUse", { matcher: "", hooks: [command("/bin/true post", { async: true })] }, 0, "sha256:ce126b0c6da318c09c969b0fdb4c84df72c764623afe46e1d76cc8481067fb03"],
  ["Stop", { hooks: [command("/bin/true stop", { timeout: 0 })] }, 0, "sha256:a53fadfdad78aa8aef40faa9cc37662d9b2192c8e995b2416754199de1609fe7"],
  ["SessionEnd", { hooks: [command("/bin/true end", { timeout: 10 })] }, 0, "sha256:53332144768573bea66e9db047538a21481392b3047ea29451841a1c93e39c0e"],
  ["SubagentStop", { matcher: "x", hooks: [command("/bin/true sub")] }, 0, "sha256:58ea6b5e8245f9200eeac90caaa125c42dfce34a966ebe108abe1a0b399e350f"],
];

const HOOK = "/opt/agent mux/shell/agentmux-hook";
const ours = agentmuxCodexHooks(HOOK);
const user = (c: string) => ({ hooks: [command(c)] });
// The text editor sees only hooks.state: a top-level `hooks = false` is in the way of the table it appends.
const BROKEN_BY_EDIT = '# mine\nhooks = false\nmodel = "o3"\n';

describe("codexHookHash against hashes the real Codex wrote", () => {
  for (const [event, group, index, hash] of REAL) {
    it(`${event} ${JSON.stringify(group).slice(0, 70)} #${index}`, () => {
      assert.equal(codexHookHash(event, group, (group["hooks"] as Json[])[index] as Json), hash);
    });
  }
});

describe("trust keys", () => {
  const rows: Array<[string, string]> = [
    ["SessionStart", "session_start"], ["UserPromptSubmit", "user_prompt_submit"], ["PreToolUse", "pre_tool_use"],
    ["PermissionRequest", "permission_request"], ["PostToolUse", "post_tool_use"], ["Stop", "stop"], ["SubagentStop", "subagent_stop"],
  ];
  for (const [event, label] of rows) it(`${event} → ${label}`, () => assert.equal(codexEventLabel(event), label));
  it("is path:event:group:handler", () => {
    assert.equal(codexHookKey("/h/.codex/hooks.json", "PermissionRequest", 1, 0), "/h/.codex/hooks.json:permission_request:1:0");
  });
});

describe("mergeCodexHooks", () => {
  it("adds a group per event, sh-quoted, tool events matching every tool", () => {
    const merged = mergeCodexHooks({}, ours)["hooks"] as Record<string, unknown[]>;
    assert.deepEqual(Object.keys(merged), ["SessionStart", "UserPromptSubmit", "PreToolUse", "PermissionRequest", "PostToolUse", "Stop"]);
    assert.deepEqual(merged["Stop"], [{ hooks: [{ type: "command", command: `'${HOOK}' --agent codex Stop`, timeout: 10 }] }]);
    assert.deepEqual(merged["PreToolUse"], [{ matcher: "*", hooks: [{ type: "command", command: `'${HOOK}' --agent codex PreToolUse`, timeout: 10 }] }]);
  });

  it("keeps the user's groups where they are and puts ours after them", () => {
    const file = { version: 1, hooks: { Stop: [user("notify-me")], Custom: [user("x")] } };
    const merged = mergeCodexHooks(file, ours);
    assert.equal(merged["version"], 1);
    const hooks = merged["hooks"] as Record<string, unknown[]>;
    assert.deepEqual(hooks["Stop"], [user("notify-me"), ours["Stop"]]);
    assert.deepEqual(hooks["Custom"], [user("x")]);
  });

  it("replaces a group of another checkout in place, so the user's later groups keep their index", () => {
    const old = user("'/old/shell/agentmux-hook' Stop");
    const merged = mergeCodexHooks({ hooks: { Stop: [user("a"), old, user("b"), old] } }, ours)["hooks"] as Record<string, unknown[]>;
    assert.deepEqual(merged["Stop"], [user("a"), ours["Stop"], user("b")]);
  });

  it("is idempotent", () => {
    const once = mergeCodexHooks({ hooks: { Stop: [user("a")] } }, ours);
    assert.deepEqual(mergeCodexHooks(once, ours), once);
  });

  it("refuses hooks that are not a map of lists", () => {
    throwsLine(() => mergeCodexHooks({ hooks: [] }, ours), /hooks\.json: "hooks" is not a map of event names to lists \(write hooks as/);
  });
});

describe("codexTrustRecords", () => {
  it("trusts exactly agentmux's handlers, at their positions", () => {
    const mixed = { hooks: [command("mine"), command(`'${HOOK}' Stop; rm -rf ~`)] };
    const file = mergeCodexHooks({ hooks: { Stop: [user("mine"), mixed] } }, ours);
    const records = codexTrustRecords("/h/hooks.json", file, ours);
    assert.equal(records.length, 6);
    const stop = records.find((r) => r.key.includes(":stop:"));
    assert.deepEqual(stop, { key: "/h/hooks.json:stop:2:0", hash: codexHookHash("Stop", ours["Stop"] as unknown as Json, ours["Stop"]?.hooks[0] as unknown as Json) });
  });
});

describe("prepareCodexHome", () => {
  const scripts = { hook: HOOK, notify: "/opt/agentmux/shell/agentmux-codex-notify" };
  const now = new Date(2026, 10, 29, 12, 0, 0);

  it("writes hooks.json, the trust records and notify into an empty home", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-codex-home-"));
    const result = prepareCodexHome({ codexHome: home, scripts, now });
    assert.deepEqual(result.changed, { hooks: true, config: true });
    assert.deepEqual(result.backups, []);
    const config = readFileSync(join(home, "config.toml"), "utf8");
    assert.match(config, /^notify = \["\/opt\/agentmux\/shell\/agentmux-codex-notify"\]\n/);
    for (const record of result.trusted) assert.ok(config.includes(`[hooks.state."${record.key}"]\ntrusted_hash = "${record.hash}"\n`));
    assert.equal(result.trusted.length, 6);
    assert.ok(result.trusted.every((r) => r.key.startsWith(`${realpathSync(home)}/hooks.json:`)));
  });

  it("keeps the user's hooks, notify and settings, backs both files up once, and changes nothing the second time", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-codex-home-"));
    writeFileSync(join(home, "hooks.json"), JSON.stringify({ hooks: { Stop: [user("say done")] } }, null, 4));
    const userConfig = '# mine\nmodel = "o3"\nnotify = ["notify-send", "Codex"]\n\n[hooks.state."/elsewhere:stop:0:0"]\ntrusted_hash = "sha256:0"\n';
    writeFileSync(join(home, "config.toml"), userConfig);
    const first = prepareCodexHome({ codexHome: home, scripts, now });
    assert.equal(first.backups.length, 2);
    assert.equal(readFileSync(first.backups[1] ?? "", "utf8"), userConfig);
    const config = readFileSync(join(home, "config.toml"), "utf8");
    assert.ok(config.startsWith('# mine\nmodel = "o3"\nnotify = ["/opt/agentmux/shell/agentmux-codex-notify", "notify-send", "Codex"]\n\n[hooks.state."/elsewhere:stop:0:0"]\ntrusted_hash = "sha256:0"\n'));
    assert.deepEqual(first.trusted.filter((r) => r.key.includes(":stop:")).map((r) => r.key), [`${realpathSync(home)}/hooks.json:stop:1:0`]);
    const hooks = JSON.parse(readFileSync(join(home, "hooks.json"), "utf8")) as { hooks: Record<string, unknown[]> };
    assert.deepEqual(hooks.hooks["Stop"]?.[0], user("say done"));
    assert.match(readFileSync(join(home, "hooks.json"), "utf8"), /^ {4}"hooks"/m);
    const second = prepareCodexHome({ codexHome: home, scripts, now });
    assert.deepEqual(second.changed, { hooks: false, config: false });
    assert.deepEqual(second.trusted, first.trusted);
    assert.equal(readdirSync(home).filter((n) => n.includes("agentmux-backup")).length, 2);
  });

  it("keys the records by the canonical path of a symlinked CODEX_HOME", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-codex-home-"));
    const link = join(dir, "link");
    symlinkSync(mkdtempSync(join(tmpdir(), "agentmux-codex-real-")), link);
    const result = prepareCodexHome({ codexHome: link, scripts, now });
    assert.ok(result.trusted.every((r) => r.key.startsWith(`${realpathSync(link)}/hooks.json:`)));
  });

  it("writes nothing when config.toml cannot be edited", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-codex-home-"));
    writeFileSync(join(home, "config.toml"), "[hooks]\nstate = {}\n");
    throwsLine(() => prepareCodexHome({ codexHome: home, scripts, now }), /config\.toml: hooks\.state\."[^"]+" is written in a form agentmux cannot edit/);
    assert.deepEqual(readdirSync(home), ["config.toml"]);
  });
});

describe("prepareCodexHome with a config.toml its edit would break", () => {
  it("writes neither config.toml nor hooks.json", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-codex-toml-"));
    try {
      writeFileSync(join(home, "config.toml"), BROKEN_BY_EDIT);
      throwsLine(() => prepareCodexHome({ codexHome: home, scripts: { hook: "/a/agentmux-hook", notify: "/a/agentmux-codex-notify" } }), /config\.toml: agentmux's edit would leave it invalid TOML/);
      assert.equal(readFileSync(join(home, "config.toml"), "utf8"), BROKEN_BY_EDIT);
      assert.equal(existsSync(join(home, "hooks.json")), false);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
