import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execa } from "execa";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { paneOption, sessionEnv, waitForState } from "../helpers/agentmux-session.ts";
import { tokenHash } from "../../src/util/token.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

describe("per-process tokens: what other panes can read does not forge an event", () => {
  const server = new TestServer();
  let pane = "";
  let env: Record<string, string> = {};
  before(async () => {
    await server.start();
    // Pane ids above %10, as in real use.
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sleep 30"]);
    await server.tmux(["kill-window", "-a", "-t", "base:0"]);
    await server.setServerEnv({ CLAUDE_CONFIG_DIR: join(server.home, "claude-config") });
    const dir = join(server.home, "it's #1 %s ü");
    mkdirSync(dir);
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--instance", "main", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    assert.ok(Number(pane.slice(1)) > 10, pane);
    await waitForState(server, pane, "idle");
    env = await sessionEnv(server, pane);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("no pane option holds the token; @agentmux-token-hash holds its hash", async () => {
    const token = env["AGENTMUX_TOKEN"] ?? "";
    assert.match(token, /^[0-9a-f]{32}$/);
    const everything = String((await server.tmux(["show-options", "-p", "-t", pane])).stdout) + String((await server.tmux(["show-options", "-g"])).stdout);
    assert.ok(!everything.includes(token), "the token is in no pane or global option");
    assert.equal(await paneOption(server, pane, "@agentmux-token-hash"), tokenHash(token));
  });

  it("an event or a publish signed with the visible hash changes nothing; the process's own token works", async () => {
    const visible = await paneOption(server, pane, "@agentmux-token-hash");
    const before = await paneOption(server, pane, "@agentmux-machine");
    const forged = await execa(HOOK, ["Notification"], { input: '{"notification_type":"permission_prompt"}', env: { ...server.env, ...env, AGENTMUX_TOKEN: visible }, extendEnv: false, reject: false });
    assert.equal(forged.exitCode, 0);
    const publish = await server.cli(["publish", "forged status"], { env: { ...env, AGENTMUX_TOKEN: visible } });
    assert.notEqual(publish.exitCode, 0);
    assert.match(String(publish.stderr), /token does not match/);
    // The daemon drains the spool in order: once the genuine event below is applied, the forged one was seen.
    const genuine = await execa(HOOK, ["Notification"], { input: '{"notification_type":"permission_prompt"}', env: { ...server.env, ...env }, extendEnv: false, reject: false });
    assert.equal(genuine.exitCode, 0);
    assert.notEqual(before, "");
    await waitForState(server, pane, "blocked");
    const log = String((await server.cli(["daemon", "logs", "-n", "200"])).stdout);
    assert.match(log, new RegExp(`wrong token for ${pane}`), "the forged event was refused");
    assert.equal(await paneOption(server, pane, "@agentmux-status-text"), "");
    const own = await server.cli(["publish", "real status"], { env });
    assert.equal(own.exitCode, 0, String(own.stderr));
    assert.equal(await paneOption(server, pane, "@agentmux-status-text"), "real status");
  });
});
