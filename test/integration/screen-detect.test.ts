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
