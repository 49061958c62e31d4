import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

/** The CLI's surface against a real tmux server: -t as target, exit codes, errors under --json. */
describe("the CLI's surface", () => {
  const server = new TestServer();
  let pane = "";
  before(async () => {
    await server.start();
    const r = await server.cli(["new", "-b", "claude", "-d", server.work, "-i", "surf", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("-t names the session like TARGET does", async () => {
    const byTarget = await server.cli(["read", "-t", "surf", "-n", "5", "--json"]);
    assert.equal(byTarget.exitCode, 0, String(byTarget.stderr));
    const byArgument = await server.cli(["read", "surf", "--tail", "5", "--json"]);
    assert.deepEqual(JSON.parse(String(byTarget.stdout)).pane, pane);
    assert.deepEqual(JSON.parse(String(byTarget.stdout)), JSON.parse(String(byArgument.stdout)));
  });

  it("not found exits 1; under --json the error is {ok: false, error, hint} on stdout", async () => {
    const r = await server.cli(["read", "-t", "nosuch", "--json"]);
    assert.equal(r.exitCode, 1);
    assert.equal(String(r.stderr), "");
    const answer = JSON.parse(String(r.stdout)) as Record<string, unknown>;
    assert.equal(answer["ok"], false);
    assert.equal(answer["error"], 'no session "nosuch"');
    assert.match(String(answer["hint"]), /^sessions: .*surf/);
    assert.equal(answer["exitCode"], 1);
  });

  it("a usage error exits 2", async () => {
    const r = await server.cli(["read"]);
    assert.equal(r.exitCode, 2);
    assert.match(String(r.stderr), /missing required argument 'target'/);
  });

  it("wait running out of time exits 75", async () => {
    const r = await server.cli(["wait", "-t", "surf", "--state", "blocked", "--timeout", "1", "--json"]);
    assert.equal(r.exitCode, 75, String(r.stderr));
    assert.match(String(JSON.parse(String(r.stdout)).error), /^timed out after 1 s waiting for blocked/);
  });

  it("daemon down exits 3; a command that printed its JSON answer keeps stdout to it and says why on stderr", async () => {
    assert.equal((await server.cli(["daemon", "stop"])).exitCode, 0);
    const r = await server.cli(["daemon", "status", "--json"]);
    assert.equal(r.exitCode, 3);
    assert.equal(JSON.parse(String(r.stdout)).running, false);
    assert.equal(String(r.stderr), "agentmux: the agentmux daemon is not running (start it with agentmux daemon start)");
  });
});
