import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

/**
 * A person's terminal: a real tmux client of the test server, run under script(1) inside a second
 * private server, so every byte the daemon writes to the client's tty lands in a file.
 */
describe("notifications on the attached terminals", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const tty = join(server.home, "client-tty.log");
  const bytes = () => (existsSync(tty) ? readFileSync(tty, "latin1") : "");
  const start = async (instance: string) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", instance, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    return pane;
  };
  before(async () => {
    await server.start();
    await viewer.start();
    await viewer.tmux(["send-keys", "-t", "base", `script -q -f -c "env -u TMUX tmux -L ${server.name} attach -t base" ${tty}`, "Enter"]);
    await server.waitFor("client attached", async () => String((await server.tmux(["list-clients", "-F", "#{client_control_mode}"])).stdout).split("\n").includes("0"));
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("a permission dialog writes OSC 9 and OSC 777 naming the session, why, and the command", async () => {
    const a = await start("alpha");
    await server.cli(["send", a, "/tool"]);
    await waitForState(server, a, "blocked");
    // The Ask's text (what the inbox shows): one text per Ask.
    await server.waitFor("OSC 9", () => bytes().includes("\x1b]9;work:alpha asks permission: Bash: touch marker\x07"));
    assert.ok(bytes().includes("\x1b]777;notify;agentmux;work:alpha asks permission: Bash: touch marker\x07"));
    await server.cli(["keys", a, "1"]);
    await server.waitFor("finished", () => bytes().includes("\x1b]9;work:alpha finished: Tool finished\x07"));
  });

  it("a snoozed session raises nothing; a timed snooze that ends fires the alert it held back", async () => {
    const b = await start("beta");
    const until = Date.now() + 8000;
    await server.tmux(["set-option", "-p", "-t", b, "@agentmux-snoozed", String(until)]);
    await server.cli(["send", b, "quiet please"]);
    await waitForState(server, b, "waiting");
    // (The text is the Stop hook's; on a loaded machine the screen may end the turn first, without it.)
    await server.waitFor("the held-back alert", () => /\x1b\]9;work:beta finished[^\x07]*\x07/.test(bytes()), 20_000);
    // Seen the moment it came (polled): held back while snoozed, not merely late.
    assert.ok(Date.now() >= until, `the alert came ${until - Date.now()} ms before the snooze ended`);
  });

  it("nothing for the pane the user is looking at", async () => {
    const c = await start("gamma");
    await server.tmux(["select-window", "-t", c]);
    await server.cli(["send", c, "/slow"]);
    await waitForState(server, c, "working");
    await waitForState(server, c, "idle", 10_000); // waiting, then seen at once
    // (The window's name, work:gamma, is on the status line: look for notifications only.)
    assert.ok(!bytes().includes("\x1b]9;work:gamma"));
    await server.tmux(["select-window", "-t", "base:0"]);
  });

  it("notify.command receives the text on stdin instead", async () => {
    const out = join(server.home, "notified.txt");
    writeConfig(server.home, { notify: { command: `cat >> ${out}` } });
    const d = await start("delta");
    await server.cli(["send", d, "hello"]);
    await server.waitFor("notify.command ran", () => existsSync(out) && readFileSync(out, "utf8").includes("work:delta finished: received: hello"));
    assert.ok(!bytes().includes("\x1b]9;work:delta"), "no terminal notification when a command is set");
    writeConfig(server.home, {});
  });
});
