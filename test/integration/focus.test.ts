import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { TestServer } from "../helpers/tmux-server.ts";
import { globalOption, waitForState } from "../helpers/agentmux-session.ts";

/** A real tmux client attached to the test server (run inside a second private server's pane). */
describe("waiting becomes idle once the user looks at the pane", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  before(async () => {
    await server.start();
    await viewer.start();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("a waiting session shown by a client turns idle; one not shown stays waiting", async () => {
    const a = String((await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "a", "--detached"])).stdout).trim();
    const b = String((await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "b", "--detached"])).stdout).trim();
    await waitForState(server, a, "idle");
    await server.cli(["send", a, "first"]);
    await server.cli(["send", b, "second"]);
    await waitForState(server, a, "waiting");
    await waitForState(server, b, "waiting");
    // A person attaches, looking at the base window: neither agent is in view.
    await viewer.tmux(["send-keys", "-t", "base", `env -u TMUX tmux -L ${server.name} attach -t base`, "Enter"]);
    await server.waitFor("client attached", async () => String((await server.tmux(["list-clients", "-F", "#{client_control_mode}"])).stdout).split("\n").includes("0"));
    assert.equal(await globalOption(server, "@agentmux-status"), "#[fg=yellow]●2#[default]");
    // They switch to session a's window.
    await server.tmux(["select-window", "-t", a]);
    await waitForState(server, a, "idle");
    await server.waitFor("segment ●1", async () => (await globalOption(server, "@agentmux-status")) === "#[fg=yellow]●1#[default]");
    assert.equal(String((await server.tmux(["show-option", "-pqv", "-t", b, "@agentmux-state"])).stdout), "waiting");
  });
});
