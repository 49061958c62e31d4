import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { accessSync, constants } from "node:fs";
import { TestServer } from "../helpers/tmux-server.ts";
import { PLUGIN } from "../helpers/client.ts";

const out = async (server: TestServer, args: string[]) => String((await server.tmux(args)).stdout);
const notes = async (server: TestServer) => (await out(server, ["list-keys", "-N", "-T", "prefix"])).split("\n").filter((l) => l.includes("agentmux:")).map((l) => l.replace(/\s+/g, " ").trim());

describe("the tmux plugin (tmux/agentmux.tmux)", () => {
  const server = new TestServer();
  before(async () => {
    await server.start();
    // The user's own binding on the switcher's default key, and a status-right of theirs.
    await server.tmux(["bind-key", "-T", "prefix", "S", "display-message", "mine"]);
    await server.tmux(["set-option", "-g", "status-right", "%H:%M"]);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("is executable and runs with run-shell", async () => {
    accessSync(PLUGIN, constants.X_OK);
    const r = await server.tmux(["run-shell", PLUGIN]);
    assert.equal(r.exitCode, 0, String(r.stderr));
  });

  it("binds only keys the user has not bound, each with a note", async () => {
    assert.deepEqual(await notes(server), [
      "B agentmux: jump to the notified session, else the next waiting one",
      "N agentmux: inbox",
      "P agentmux: captured prompts (then c or i)",
      "T agentmux: route the paste buffer",
      "Z agentmux: snooze or wake this session",
      "a agentmux: menu",
      "e agentmux: side conversations (then b, q, r, k or s)",
    ]);
    assert.match(await out(server, ["list-keys", "-T", "prefix", "S"]), /display-message mine/);
  });

  it("binds the side keys in a table of their own (prefix e, then b q r k s ?)", async () => {
    const table = (await out(server, ["list-keys", "-N", "-T", "agentmux-side"])).split("\n").map((l) => l.trim().replace(/\s+/g, " ")).sort();
    assert.deepEqual(table.map((l) => l.split(" ")[0]), ["?", "b", "k", "q", "r", "s"]);
    assert.match(await out(server, ["list-keys", "-T", "agentmux-side", "b"]), /side toggle --client/);
    assert.match(await out(server, ["list-keys", "-T", "prefix", "e"]), /switch-client -T agentmux-side/);
  });

  it("binds route in the prefix table (the paste buffer) and in both copy-mode tables (the selection, copied first), each in a popup", async () => {
    assert.match(await out(server, ["list-keys", "-T", "prefix", "T"]), /display-popup .*route --client '#\{client_name\}'/);
    for (const table of ["copy-mode", "copy-mode-vi"]) {
      const bound = await out(server, ["list-keys", "-T", table, "C-t"]);
      assert.match(bound, /send-keys -X copy-selection-and-cancel \\; run-shell -b .*display-popup .*route --client/, table);
    }
  });

  it("binds the captured-prompt keys in a table of their own (prefix P, then c i)", async () => {
    const table = (await out(server, ["list-keys", "-N", "-T", "agentmux-prompt"])).split("\n").map((l) => l.trim().replace(/\s+/g, " ")).filter(Boolean).sort();
    assert.deepEqual(table, ["c agentmux: prompt capture", "i agentmux: prompt insert"]);
    assert.match(await out(server, ["list-keys", "-T", "agentmux-prompt", "c"]), /prompt capture --client/);
    assert.match(await out(server, ["list-keys", "-T", "agentmux-prompt", "i"]), /display-popup .*prompt insert/);
    assert.match(await out(server, ["list-keys", "-T", "prefix", "P"]), /switch-client -T agentmux-prompt/);
  });

  it("puts the status segment in front of status-right, and it shows the daemon's text", async () => {
    assert.equal(await out(server, ["show-option", "-gv", "status-right"]), "#{?@agentmux-status,#{@agentmux-status} ,}%H:%M");
    await server.tmux(["set-option", "-g", "@agentmux-status", "●2"]);
    assert.match(await out(server, ["display-message", "-p", "#{E:status-right}"]), /^●2 \d\d:\d\d$/);
    await server.tmux(["set-option", "-gu", "@agentmux-status"]);
    assert.match(await out(server, ["display-message", "-p", "#{E:status-right}"]), /^\d\d:\d\d$/);
  });

  it("starts the daemon", async () => {
    await server.waitFor("the daemon", async () => (await server.cli(["daemon", "status"])).exitCode === 0);
  });

  it("running it again changes nothing", async () => {
    const keys = await out(server, ["list-keys", "-T", "prefix"]);
    await server.tmux(["run-shell", PLUGIN]);
    await server.tmux(["run-shell", PLUGIN]);
    assert.equal(await out(server, ["list-keys", "-T", "prefix"]), keys);
    assert.equal((await out(server, ["show-option", "-gv", "status-right"])).split("@agentmux-status,").length, 2, "the segment is there once");
    assert.equal((await out(server, ["show-option", "-gv", "window-status-format"])).split("@agentmux-window-state").length, 3, "the marker is there once");
  });

  it("the pane border line is opt-in, and shows the daemon's line for agent panes", async () => {
    assert.doesNotMatch(await out(server, ["show-option", "-gv", "pane-border-format"]), /agentmux/, "off by default");
    await server.tmux(["set-option", "-g", "@agentmux-pane-border", "on"]);
    await server.tmux(["run-shell", PLUGIN]);
    await server.tmux(["run-shell", PLUGIN]);
    assert.equal((await out(server, ["show-option", "-gv", "pane-border-format"])).split("@agentmux-border").length, 3, "once");
    assert.equal(await out(server, ["show-option", "-gv", "pane-border-status"]), "top");
    const pane = await out(server, ["new-window", "-d", "-P", "-F", "#{pane_id}", "sleep 60"]);
    await server.tmux(["set-option", "-p", "-t", pane, "@agentmux-border", "✻ api · Opus"]);
    assert.equal(await out(server, ["display-message", "-p", "-t", pane, "#{E:pane-border-format}"]), " ✻ api · Opus ");
  });

  it("marks a window whose agent is blocked in the window list", async () => {
    const window = await out(server, ["new-window", "-d", "-P", "-F", "#{window_id}", "-n", "w", "sleep 60"]);
    await server.tmux(["set-option", "-w", "-t", window, "@agentmux-window-state", "blocked"]);
    assert.match(await out(server, ["display-message", "-p", "-t", window, "#{E:window-status-format}"]), /⚠/);
    await server.tmux(["set-option", "-w", "-t", window, "@agentmux-window-state", ""]);
    assert.doesNotMatch(await out(server, ["display-message", "-p", "-t", window, "#{E:window-status-format}"]), /⚠|●/);
  });
});

describe("the plugin's options", () => {
  const server = new TestServer();
  before(async () => {
    await server.start();
    await server.tmux(["set-option", "-g", "status-right", "%H:%M"]);
    for (const [name, value] of [["@agentmux-switch-key", "g"], ["@agentmux-inbox-key", "I"], ["@agentmux-next-key", "none"], ["@agentmux-prompt-key", "none"], ["@agentmux-status-right", "off"], ["@agentmux-daemon", "off"], ["@agentmux-command", "agentmux"]] as const) {
      await server.tmux(["set-option", "-g", name, value]);
    }
    await server.tmux(["run-shell", PLUGIN]);
  });
  after(() => server.stop());

  it("takes its keys from @agentmux-*-key; none binds nothing", async () => {
    assert.deepEqual(await notes(server), ["I agentmux: inbox", "T agentmux: route the paste buffer", "Z agentmux: snooze or wake this session", "a agentmux: menu", "e agentmux: side conversations (then b, q, r, k or s)", "g agentmux: switch session"]);
    assert.equal((await server.tmux(["list-keys", "-T", "prefix", "B"])).exitCode, 1, "B stays unbound");
    assert.equal((await server.tmux(["list-keys", "-T", "prefix", "P"])).exitCode, 1, "P stays unbound");
  });

  it("runs the command @agentmux-command names", async () => {
    assert.match(await out(server, ["list-keys", "-T", "prefix", "a"]), /run-shell -b "agentmux menu --client/);
  });

  it("leaves status-right alone when @agentmux-status-right is off, and starts no daemon when @agentmux-daemon is off", async () => {
    assert.equal(await out(server, ["show-option", "-gv", "status-right"]), "%H:%M");
    assert.notEqual((await server.cli(["daemon", "status"])).exitCode, 0);
  });

  it("a key it bound itself follows the option when run again", async () => {
    await server.tmux(["set-option", "-g", "@agentmux-command", "agentmux --socket-name x"]);
    await server.tmux(["run-shell", PLUGIN]);
    assert.match(await out(server, ["list-keys", "-T", "prefix", "a"]), /run-shell -b "agentmux --socket-name x menu/);
  });
});
