import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { listJson } from "../helpers/agentmux-session.ts";

/** agentmux kill typed at a terminal (a tmux pane) asks first; without a terminal it does not. */
describe("kill protection", () => {
  const server = new TestServer();
  before(() => server.start());
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  const stateOf = async (instance: string) => (await listJson(server)).find((s) => s["instance"] === instance)?.["state"];

  it("asks at a terminal: no keeps the session, yes kills it", async () => {
    await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", "victim", "--detached"]);
    // A person's shell on the same server: the tmux environment of the test, and the built CLI.
    const shell = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
    const kill = `node ${CLI} kill victim; echo "exit=$?"`;
    await server.tmux(["send-keys", "-t", shell, kill, "Enter"]);
    await server.waitForScreen(shell, /Kill work:victim \(generic, \w+\)\? \[y\/N\]/);
    await server.tmux(["send-keys", "-t", shell, "n", "Enter"]);
    await server.waitForScreen(shell, /work:victim was not killed[\s\S]*exit=1/);
    assert.notEqual(await stateOf("victim"), "exited");
    await server.tmux(["send-keys", "-t", shell, "clear", "Enter"]);
    await server.tmux(["send-keys", "-t", shell, kill, "Enter"]);
    await server.waitForScreen(shell, /\[y\/N\]/);
    await server.tmux(["send-keys", "-t", shell, "y", "Enter"]);
    await server.waitForScreen(shell, /exit=0/);
    await server.waitFor("victim exited", async () => (await stateOf("victim")) === "exited");
  });

  it("never asks without a terminal (scripts and agents)", async () => {
    await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", "quiet", "--detached"]);
    const r = await server.cli(["kill", "quiet"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(await stateOf("quiet"), "exited");
  });
});
