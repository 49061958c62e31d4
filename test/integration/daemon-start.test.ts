import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { TestServer } from "../helpers/tmux-server.ts";

describe("daemon start reports what happened", () => {
  const server = new TestServer();
  before(async () => { await server.start(); });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("a daemon slower than the wait is 'still starting' with its pid (not 'failed'), and then runs", async () => {
    const r = await server.cli(["daemon", "start"], { env: { AGENTMUX_DAEMON_START_WAIT_MS: "0" } });
    assert.equal(r.exitCode, 75, String(r.stderr));
    const pid = Number(/still starting \(pid (\d+)\)/.exec(String(r.stderr))?.[1]);
    assert.ok(pid > 0, String(r.stderr));
    assert.doesNotMatch(String(r.stderr), /did not start|failed/);
    assert.match(String(r.stderr), /agentmux daemon status/);
    let status = "";
    await server.waitFor("the daemon answers", async () => /running: pid \d+/.test(status = String((await server.cli(["daemon", "status"])).stdout)), 60_000);
    assert.match(status, new RegExp(`running: pid ${pid},`));
  });

  it("once it runs, start says so", async () => {
    const r = await server.cli(["daemon", "start"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^already running: pid \d+/);
  });
});
