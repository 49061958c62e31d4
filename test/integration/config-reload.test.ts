import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { configPath, daemonLogLines, writeConfig } from "../helpers/config.ts";

/** The daemon reads one config and follows the file: a change takes effect without a restart; a broken file keeps the last good one. */
describe("the daemon reloads its config", () => {
  const server = new TestServer();
  const first = join(server.home, "first.txt");
  const second = join(server.home, "second.txt");
  const text = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
  const logged = (pattern: RegExp) => daemonLogLines(server.home).filter((l) => pattern.test(l)).length;
  let pane = "";
  let pid = "";
  const daemonPid = async () => String((await server.cli(["daemon", "status"])).stdout).match(/pid (\d+)/)?.[1] ?? "";

  before(async () => {
    await server.start();
    writeConfig(server.home, { notify: { command: `cat >> ${first}` } });
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "reload", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    pid = await daemonPid();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("a new notify.command takes effect in the running daemon", async () => {
    await server.cli(["send", pane, "one"]);
    await server.waitFor("the first command ran", () => text(first).includes("finished: received: one"));
    const reloads = logged(/config: reloaded /);
    writeConfig(server.home, { notify: { command: `cat >> ${second}` } });
    // The watcher reloads on its own, before anything asks for the config.
    await server.waitFor("the reload logged", () => logged(/config: reloaded /) > reloads);
    await server.cli(["send", pane, "two"]);
    await server.waitFor("the second command ran", () => text(second).includes("finished: received: two"));
    assert.ok(!text(first).includes("received: two"), "the old command no longer runs");
    assert.equal(await daemonPid(), pid, "the same daemon");
  });

  it("a broken config is logged and the last good one kept", async () => {
    const errors = logged(/keeping the last good config/);
    writeFileSync(configPath(server.home), "notify:\n  command: [\n");
    await server.waitFor("the error logged", () => logged(/keeping the last good config/) > errors);
    const line = daemonLogLines(server.home).filter((l) => /keeping the last good config/.test(l)).at(-1) ?? "";
    assert.match(line, /config\.yml:\d+:\d+: \(syntax\)/);
    // The CLI refuses the broken file itself: type into the pane with tmux.
    await server.tmux(["send-keys", "-t", pane, "-l", "three"]);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await server.waitFor("the kept command ran", () => text(second).includes("finished: received: three"));
    assert.equal(await daemonPid(), pid, "the same daemon");
  });
});
