import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { FIXTURE_BIN, ROOT, TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

const SCREENS = join(ROOT, "test", "fixtures", "real", "screens");

/** No hook channel at all: the daemon captures the screen and the manifest decides. */
describe("config-free detection from the screen, in the daemon", () => {
  const server = new TestServer();
  before(async () => {
    await server.start();
    mkdirSync(join(server.home, "config"), { recursive: true });
    const screens = ["codex-working", "codex-permission", "codex-idle"].map((n) => join(SCREENS, `${n}.txt`));
    writeConfig(server.home, { backends: { codex: { program: join(FIXTURE_BIN, "screen-agent"), args: screens } } });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("follows the real Codex screens: working → blocked → waiting", async () => {
    const r = await server.cli(["new", "--backend", "codex", "--dir", server.work]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "working", 5000);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await waitForState(server, pane, "blocked", 5000);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await waitForState(server, pane, "waiting", 5000);
  });
});

/**
 * Codex spins its title while it shuts down (Ctrl-C on an empty composer: "⠋ <dir>", then it
 * exits); on a loaded machine that lasted long enough to be read as a turn: idle → working →
 * waiting with a "finished" notification for a session that only quit. The title alone is the
 * CLI's: no turn, however long it spins (src/core/decide.ts).
 */
describe("a CLI that spins its title while it shuts down, in the daemon", () => {
  const server = new TestServer();
  before(async () => {
    await server.start();
    mkdirSync(join(server.home, "config"), { recursive: true });
    writeConfig(server.home, { backends: { codex: { program: join(FIXTURE_BIN, "screen-agent"), args: [join(SCREENS, "codex-idle.txt"), "--shutdown-ms=3000"] } } });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("Ctrl-C at Codex's composer, its title spinning 3 s before it exits: idle → exited, no turn, no notification", async () => {
    // Pane ids above %10, as a user's server has them.
    for (let i = 0; i < 10; i++) await server.tmux(["kill-pane", "-t", String((await server.tmux(["split-window", "-d", "-P", "-F", "#{pane_id}", "sleep 60"])).stdout).trim()]);
    const r = await server.cli(["new", "--backend", "codex", "--dir", server.work, "--instance", "quits-slowly"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle", 5000);
    await server.tmux(["send-keys", "-t", pane, "C-c"]);
    await server.waitFor("the spinner title", async () => /^\u280b /.test(String((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_title}"])).stdout)), 5000);
    let log: string[] = [];
    await server.waitFor(`${pane} exited in the daemon log`, async () => (log = String((await server.cli(["daemon", "logs", "-n", "10000"])).stdout).split("\n")).some((l) => l.endsWith(` ${pane} exited`)), 10_000);
    const states = log.map((l) => new RegExp(` ${pane} ([a-z]+)$`).exec(l)?.[1]).filter((s) => s !== undefined);
    assert.deepEqual(states, ["idle", "exited"], log.filter((l) => l.includes(pane)).join("\n"));
    assert.deepEqual(log.filter((l) => l.includes(" notify: ")), []);
  });
});
