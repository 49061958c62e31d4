import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { PLUGIN } from "../helpers/client.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { configPath } from "../helpers/config.ts";

interface Finding { check: string; level: "ok" | "warn" | "fail"; said: string; fix?: string }

describe("agentmux doctor on a real tmux server", () => {
  // The user's own binding on the switcher's default key: the plugin leaves it, the doctor says so.
  const server = new TestServer();
  before(async () => {
    await server.start();
    await server.tmux(["bind-key", "-T", "prefix", "S", "display-message", "mine"]);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  const doctor = async (): Promise<{ exit: number; byCheck: Map<string, Finding>; text: string }> => {
    const json = await server.cli(["doctor", "--json"]);
    const parsed = JSON.parse(String(json.stdout)) as { ok: boolean; findings: Finding[] };
    const text = await server.cli(["doctor"]);
    assert.equal(text.exitCode, json.exitCode);
    assert.equal(parsed.ok, json.exitCode === 0);
    return { exit: json.exitCode ?? -1, byCheck: new Map(parsed.findings.map((f) => [f.check, f])), text: `${String(text.stdout)}${String(text.stderr)}` };
  };

  it("without the plugin: the daemon, the status segment and the keys fail, each with its fix; the exit status says so", async () => {
    const { exit, byCheck, text } = await doctor();
    assert.equal(exit, 1);
    assert.equal(byCheck.get("daemon")?.level, "fail");
    assert.equal(byCheck.get("status segment")?.level, "fail");
    assert.match(byCheck.get("key bindings")?.fix ?? "", /agentmux setup offers to add the plugin line .*run-shell ".*tmux\/agentmux\.tmux/);
    assert.equal(byCheck.get("tmux")?.level, "ok");
    assert.equal(byCheck.get("config")?.level, "ok");
    assert.match(text, /^FAIL {2}status segment: /m);
    assert.match(text, /^ {6}fix: /m);
    assert.match(text, /doctor: 3 problem\(s\): daemon, status segment, key bindings/);
  });

  it("with the plugin run: all is well, and the key the user kept for themselves is named", async () => {
    const r = await server.tmux(["run-shell", PLUGIN]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitFor("daemon up", async () => (await server.cli(["daemon", "status"])).exitCode === 0);
    const { exit, byCheck } = await doctor();
    assert.equal(exit, 0, JSON.stringify([...byCheck.values()]));
    assert.equal(byCheck.get("daemon")?.level, "ok");
    assert.equal(byCheck.get("status segment")?.said, "in status-right");
    const keys = byCheck.get("key bindings");
    assert.equal(keys?.level, "warn");
    assert.match(keys?.said ?? "", /prefix S \(the switcher\) is bound to something else/);
  });

  it("a Claude session whose hooks never arrive fails once it has had a turn; a config with a mistake fails naming its line", async () => {
    // A CLI that does not read the settings agentmux gives it (no hooks, no status line).
    await server.setServerEnv({ FAKE_IGNORE_SETTINGS: "1" });
    const started = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "deaf"]);
    assert.equal(started.exitCode, 0, String(started.stderr));
    const pane = String(started.stdout).trim();
    await server.setServerEnv({ FAKE_IGNORE_SETTINGS: undefined });
    await waitForState(server, pane, "idle");
    let found = await doctor();
    assert.equal(found.byCheck.get("hooks")?.level, "ok", "no turn yet: nothing to hear");
    await server.cli(["send", pane, "hello"]);
    await server.waitFor("the turn seen", async () => (await doctor()).byCheck.get("hooks")?.level === "fail");
    found = await doctor();
    assert.equal(found.exit, 1);
    assert.match(found.byCheck.get("hooks")?.said ?? "", new RegExp(`no hook event has arrived from ${pane} \\(claude\\)`));
    assert.match(found.byCheck.get("hooks")?.fix ?? "", new RegExp(`agentmux restart ${pane}`));
    await server.cli(["kill", pane, "--yes"]);
    const config = configPath(server.home);
    mkdirSync(join(server.home, "config"), { recursive: true });
    writeFileSync(config, "remote:\n  port: loud\n");
    found = await doctor();
    assert.equal(found.byCheck.get("config")?.level, "fail");
    assert.match(found.byCheck.get("config")?.said ?? "", /config\.yml:2:\d+: remote\.port/);
    writeFileSync(config, "");
  });

  it("Codex: the hooks agentmux writes are trusted; a trust record removed fails", async () => {
    const started = await server.cli(["new", "--backend", "codex", "--dir", server.work, "--instance", "cx", "--detached"]);
    assert.equal(started.exitCode, 0, String(started.stderr));
    let found = await doctor();
    assert.match(found.byCheck.get("codex hooks")?.said ?? "", /of agentmux's in .*codex-home, each trusted/);
    const file = join(server.home, "codex-home", "config.toml");
    writeFileSync(file, readFileSync(file, "utf8").replace(/trusted_hash = "[^"]*"\n/g, ""));
    found = await doctor();
    assert.equal(found.byCheck.get("codex hooks")?.level, "fail");
    assert.match(found.byCheck.get("codex hooks")?.said ?? "", /have no trusted_hash in config\.toml/);
  });
});
