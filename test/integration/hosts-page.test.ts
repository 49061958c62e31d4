import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { execa } from "execa";
import { chromium, type Browser, type Page } from "playwright-core";
import { writeConfig } from "../helpers/config.ts";
import { hostEntry, pairedPage } from "../helpers/host-page.ts";
import { canHostSsh, SshHost } from "../helpers/ssh-host.ts";
import { TestServer } from "../helpers/tmux-server.ts";

const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/**
 * The phone page in a real headless Chromium showing another machine's session: a second local
 * user behind a real sshd on 127.0.0.1 (its own tmux server and agentmux daemon) is the host
 * "far" of the daemon here, whose page lists far's sessions and shows their live output.
 */
describe("hosts: another machine's session on the phone page in Chromium", { skip: canHostSsh() ?? false }, () => {
  const host = new SshHost("far");
  const server = new TestServer({ AGENTMUX_SSH: host.sshWrapper() });
  let browser: Browser;
  let page: Page;
  let port = 0;
  let token = "";
  let remotePane = "";
  let down = false;

  before(async () => {
    await host.start();
    await host.startTmux();
    const made = await host.cli(["new", "--backend", "claude", "--dir", host.home, "--instance", "far-1", "--detached"]);
    assert.equal(made.exitCode, 0, String(made.stderr));
    remotePane = String(made.stdout).trim();
    writeConfig(server.home, { hosts: [hostEntry(host)] });
    await server.start();
    const started = await server.cli(["daemon", "start"]);
    assert.equal(started.exitCode, 0, String(started.stderr));
    ({ port, token } = await pairedPage(server, [hostEntry(host)]));
    assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: install Debian's chromium (.ci/run does) or set CHROMIUM_PATH`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // The device paired before (its token where the page keeps it).
    await context.addInitScript(`localStorage.setItem("agentmux-token", ${JSON.stringify(token)});`);
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  });
  after(async () => {
    await browser?.close();
    if (down) await host.restartSshd();
    await server.cli(["daemon", "stop"]);
    await server.stop();
    await host.stop();
  });

  const output = () => page.$eval("#output", (e) => e.textContent ?? "");
  /** Until the page's output shows the fake agent's answer to `prompt` (the prompt typed reads "> prompt", not this). */
  const answered = (prompt: string) => page.waitForFunction((p) => (document.getElementById("output")?.textContent ?? "").includes(`received: ${p}`), prompt);

  it("opens a remote row and shows its live output; the host down, says why and marks what it shows old; back, live again", async () => {
    const target = `far:${remotePane}`;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.click(`#sessions .row[data-pane="${target}"]`);
    await page.waitForSelector("#session-view:not([hidden])");
    // Typed at the remote pane by someone there: the agent's answer is pushed to the page.
    await host.typeLine(remotePane, "typed far away");
    await answered("typed far away");
    assert.ok(await page.isHidden("#s-old"), "live output is not marked old");
    const name = await page.$eval("#title", (e) => e.textContent ?? "");
    assert.ok(name !== "" && name !== target, `the header names the session (${name})`);

    await host.down();
    down = true;
    await page.waitForSelector("#s-old:not([hidden])", { timeout: 60_000 });
    assert.match(await page.$eval("#s-old", (e) => e.textContent ?? ""), /^far: host unreachable.*\. The output below is old\.$/);
    assert.ok(await page.$eval("#output", (e) => e.classList.contains("old")), "the output is dimmed");
    assert.match(await output(), /received: typed far away/, "what it showed stays");
    // A host down keeps its sessions' rows, marked unreachable with the age of the data, never as current.
    const stale = `#sessions .row[data-pane="${target}"] [data-state="unreachable"]`;
    await page.waitForSelector(stale, { state: "attached", timeout: 30_000 });
    assert.match(await page.$eval(`#sessions .row[data-pane="${target}"] .meta`, (e) => e.textContent ?? ""), /host down · last heard: \w+/);
    assert.ok(await page.isHidden("#s-ended"), "a host down is not the session's end");
    assert.equal(await page.$eval("#title", (e) => e.textContent ?? ""), name, "the header keeps the session's name");
    assert.equal(await page.$eval("#s-state", (e) => (e as HTMLElement).dataset["state"] ?? ""), "unreachable", "the header says unreachable, not the last state");
    // Opened while the host is down (its row from the data last heard, why its output is not live): named, not ended.
    await page.reload();
    await page.waitForSelector("#s-old:not([hidden])");
    assert.match(await page.$eval("#s-old", (e) => e.textContent ?? ""), /^far: host unreachable.*\. The output below is old\.$/);
    assert.ok(await page.isHidden("#s-ended"), "opened while its host is down, not ended");
    await page.waitForFunction((n) => document.getElementById("title")?.textContent === n, name);

    await host.restartSshd();
    down = false;
    await page.waitForSelector("#s-old", { state: "hidden", timeout: 60_000 });
    assert.ok(!(await page.$eval("#output", (e) => e.classList.contains("old"))), "live again, not dimmed");
    await page.waitForSelector(stale, { state: "detached" });
    await host.typeLine(remotePane, "typed after the return");
    await answered("typed after the return");
  });

  it("a session that ended while its host was down shows as ended once the host is back", async () => {
    const made = await host.cli(["new", "--backend", "claude", "--dir", host.home, "--instance", "far-2", "--detached"]);
    assert.equal(made.exitCode, 0, String(made.stderr));
    const pane = String(made.stdout).trim();
    const target = `far:${pane}`;
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.click(`#sessions .row[data-pane="${target}"]`, { timeout: 60_000 });
    await page.waitForSelector("#session-view:not([hidden])");
    await host.typeLine(pane, "before the end");
    await answered("before the end");

    await host.down();
    down = true;
    await page.waitForSelector("#s-old:not([hidden])", { timeout: 60_000 });
    assert.ok(await page.isHidden("#s-ended"), "a host down is not the session's end");
    // Its pane closed there while the host cannot be reached (by its user, on that machine).
    const killed = await execa("runuser", ["-u", host.user, "--", "tmux", "-L", host.socketName, "kill-pane", "-t", pane], { reject: false });
    assert.equal(killed.exitCode, 0, String(killed.stderr));
    await host.restartSshd();
    down = false;
    await page.waitForSelector("#s-ended:not([hidden])", { timeout: 60_000 });
    assert.ok(await page.$eval("#send-text", (e) => (e as HTMLTextAreaElement).disabled), "nothing can be typed into it");
  });
});
