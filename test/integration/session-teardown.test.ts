import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

/** Status files the status-line helper keeps for this pane (shell/agentmux-statusline). */
const statusFiles = (dir: string, pane: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith(`${pane}.`)) : []);

describe("a session's per-session files end with it: no leak line in the daemon's log", () => {
  const server = new TestServer();
  let statusDir = "";
  const panes: string[] = [];
  before(async () => {
    await server.start();
    // Pane ids above %10, as on a server that has run a while.
    for (let i = 0; i < 11; i++) await server.tmux(["split-window", "-d", "-t", "base"]).then(() => server.tmux(["kill-pane", "-t", "base:0.1"]));
    for (const name of ["one two", "ü #%1", "q'\"x"]) {
      const dir = join(server.work, name);
      mkdirSync(dir);
      const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      panes.push(String(r.stdout).trim());
    }
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { socket: string };
    statusDir = join(dirname(status.socket), "status");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("each Claude session has a status file while it runs", async () => {
    assert.ok(panes.every((p) => Number(p.slice(1)) > 10), panes.join(" "));
    for (const pane of panes) {
      await waitForState(server, pane, "idle");
      await server.waitFor(`a status file of ${pane}`, () => statusFiles(statusDir, pane).length > 0);
    }
  });

  it("a closed pane's status file is torn down with it, and no leak is logged", async () => {
    const [pane] = panes;
    await server.tmux(["kill-pane", "-t", pane as string]);
    let logs = "";
    await server.waitFor(`teardown of ${pane}`, async () => (logs = String((await server.cli(["daemon", "logs", "-n", "500"])).stdout)).includes(`teardown ${pane} (pane closed)`));
    assert.match(logs, new RegExp(`teardown ${pane} \\(pane closed\\): .*status file`));
    assert.deepEqual(statusFiles(statusDir, pane as string), []);
    assert.deepEqual(server.leaks(), []);
  });

  it("a session whose process exits tears its status file down too", async () => {
    const pane = panes[1] as string;
    await server.cli(["send", pane, "/fail"]);
    await waitForState(server, pane, "exited");
    await server.waitFor(`${pane}'s status file gone`, () => statusFiles(statusDir, pane).length === 0);
    await server.tmux(["kill-pane", "-t", pane]);
    const tracked = async () => (JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { sessions: Array<{ pane: string }> }).sessions.map((t) => t.pane);
    await server.waitFor(`the daemon dropped ${pane}`, async () => !(await tracked()).includes(pane));
    assert.deepEqual(server.leaks(), []);
    assert.ok(statusFiles(statusDir, panes[2] as string).length > 0, "the live session's file is still there");
  });
});
