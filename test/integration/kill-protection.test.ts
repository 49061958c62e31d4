import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { listJson } from "../helpers/agentmux-session.ts";
import { Person, PLUGIN } from "../helpers/client.ts";

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

  describe("the plugin's kill key (@agentmux-kill-key)", () => {
    const viewer = new TestServer();
    const person = new Person(server, viewer);
    before(async () => {
      await viewer.start();
      await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
      await server.tmux(["set-option", "-g", "@agentmux-kill-key", "x"]);
      await server.tmux(["run-shell", PLUGIN]);
      await person.attach();
    });
    after(() => viewer.stop());

    it("keeps what the key did, for other panes, across a second run of the plugin", async () => {
      const binding = String((await server.tmux(["list-keys", "-T", "prefix", "x"])).stdout);
      assert.match(binding, /if-shell -F "?#\{@agentmux-backend\}/);
      assert.match(binding, /kill-pane #P\? \(y\/n\)/, "tmux's own confirm-before kill-pane for other panes");
      await server.tmux(["run-shell", PLUGIN]);
      assert.equal(String((await server.tmux(["list-keys", "-T", "prefix", "x"])).stdout), binding);
    });

    it("on an agent pane asks in a popup; yes ends it and it stays listed as exited", async () => {
      const pane = String((await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", "keyed", "--detached"])).stdout).trim();
      await server.tmux(["select-window", "-t", pane]);
      await person.waitForPane(pane);
      await person.type("C-b", "x");
      await person.waitForScreen(/Kill work:keyed \(generic, \w+\)\? \[y\/N\]/);
      await person.type("n", "Enter");
      await server.waitFor("the popup closed", async () => !/\[y\/N\]/.test(await person.screen()));
      assert.notEqual(await stateOf("keyed"), "exited");
      await person.type("C-b", "x");
      await person.waitForScreen(/Kill work:keyed/);
      await person.type("y", "Enter");
      await server.waitFor("keyed exited", async () => (await stateOf("keyed")) === "exited");
    });

    it("on any other pane does what the key did before (tmux's confirmation)", async () => {
      const plain = String((await server.tmux(["new-window", "-P", "-F", "#{pane_id}", "sleep 600"])).stdout).trim();
      await person.waitForPane(plain);
      await person.type("C-b", "x");
      await person.waitForScreen(/kill-pane \d+\? \(y\/n\)/);
      await person.type("y");
      await server.waitFor("the plain pane is gone", async () => !String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n").includes(plain));
    });
  });
});
