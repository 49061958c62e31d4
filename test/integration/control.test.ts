import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { once } from "node:events";
import { ControlClient } from "../../src/tmux/control.ts";
import type { ControlMessage } from "../../src/tmux/control-parser.ts";
import { TestServer } from "../helpers/tmux-server.ts";

describe("control-mode client", () => {
  const server = new TestServer();
  const client = new ControlClient({ server: { socketName: server.name } });
  before(async () => {
    await server.start();
    await client.connect();
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it("answers commands in order, with their output lines", async () => {
    const [a, b] = await Promise.all([
      client.command(["display-message", "-p", "#{session_name}"]),
      client.command(["list-panes", "-a", "-F", "#{pane_id} #{pane_title}"]),
    ]);
    assert.deepEqual(a, ["base"]);
    assert.match(b?.[0] ?? "", /^%\d+ /);
  });

  it("rejects a failing command with tmux's message", async () => {
    await assert.rejects(client.command(["select-pane", "-t", "%9999"]), /can't find pane/);
    // The connection is still usable afterwards.
    assert.deepEqual(await client.command(["display-message", "-p", "ok"]), ["ok"]);
  });

  it("passes asynchronous notifications and output", async () => {
    const seen: ControlMessage[] = [];
    client.on("notification", (m: ControlMessage) => seen.push(m));
    const output: string[] = [];
    client.on("output", (_pane: string, data: string) => output.push(data));
    await client.command(["new-window", "-d", "-n", "w2", "printf 'marker-%s\\n' 42; sleep 5"]);
    await server.waitFor("window-add", () => seen.some((m) => m.type === "notification" && m.name === "window-add"));
    await client.command(["select-window", "-t", "w2"]);
    await client.command(["send-keys", "-t", "base:0", "echo typed-here", "Enter"]);
    await server.waitFor("%output", () => output.join("").includes("typed-here"));
  });

  it("reconnects when the connection drops while its server lives", async () => {
    // Listen before acting: the events can fire before the action's promise settles.
    const disconnected = once(client, "disconnected");
    const reconnected = once(client, "connected");
    const id = client.serverId;
    assert.match(id, /^\d+:\d+$/);
    await server.tmux(["detach-client", "-a", "-s", "base"]);
    await server.tmux(["detach-client", "-s", "base"]);
    await disconnected;
    await reconnected;
    assert.equal(client.serverId, id);
    assert.deepEqual(await client.command(["display-message", "-p", "#{session_name}"]), ["base"]);
  });

  it("reports server-gone, never connected, when another server took its socket", async () => {
    const seen: string[] = [];
    client.on("connected", () => seen.push("connected"));
    const gone = once(client, "server-gone");
    await server.tmux(["kill-server"]);
    // A quick restart: the new server is up within the client's reconnect window.
    await server.waitFor("the old server to go", async () => /no server running|error connecting/.test(String((await server.tmux(["list-sessions"])).stderr)));
    await server.start();
    await gone;
    assert.deepEqual(seen, []);
    assert.equal(client.connected, false);
    await assert.rejects(client.command(["list-panes", "-a"]), /not open/);
  });
});
