import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";
import { commitRepo, GIT_ENV } from "../helpers/git-repo.ts";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { freePort } from "../helpers/free-port.ts";

/** A free TCP port (taken and let go). */

/** Where the screenshots go (printed): $AGENTMUX_ARTIFACTS/remote-page, else test-artifacts/remote-page. */
const ARTIFACTS = join(process.env["AGENTMUX_ARTIFACTS"] ?? join(ROOT, "test-artifacts"), "remote-page");
const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
/** A display name with what a page must insert as text: markup, %, quotes, unicode (a name has no spaces or #). */
const HOSTILE = `<b>one</b>"q"'r'%x&amp;ü`;

/**
 * The phone page (etc/remote/) in a real headless Chromium at a phone's size, against the server
 * of a real daemon on a private tmux server with fake agents. The page is opened at 127.0.0.1,
 * the only allowed network, so a paired device's token is required.
 */
describe("the phone page in Chromium (agentmux remote)", () => {
  const server = new TestServer();
  const agents = join(server.home, "agents.log");
  let usage: FakeUsageServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let port = 0;
  const panes = { one: "", two: "", three: "", four: "" };
  const url = () => `http://127.0.0.1:${port}/`;
  const events = () => (existsSync(agents) ? readFileSync(agents, "utf8") : "").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; pid?: number; args?: string[] });
  const shot = async (name: string) => {
    const path = join(ARTIFACTS, `${name}.png`);
    await page.screenshot({ path });
    return path;
  };
  const toList = async () => {
    await page.evaluate(() => { location.hash = ""; });
    await page.waitForSelector("#list-view:not([hidden])");
  };
  const rowPanes = () => page.$$eval("#sessions .row", (rows) => rows.map((r) => (r as HTMLElement).dataset["pane"] ?? ""));

  before(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    process.stdout.write(`phone page screenshots: ${ARTIFACTS}\n`);
    usage = await startFakeUsageServer();
    const window = (pct: number) => ({ utilization: pct, resets_at: "2030-01-01T00:00:00Z" });
    usage.answer("/claude tok-a", { status: 200, body: { five_hour: window(12), seven_day: window(30) } });
    usage.answer("/claude tok-b", { status: 200, body: { five_hour: window(100), seven_day: window(100) } });
    port = await freePort();
    claudeAccounts(server, ["a", "b"], {
      backends: { claude: { accounts: { a: { home: "~/.claude-a", pool: "team" }, b: { home: "~/.claude-b", pool: "team" }, c: { home: "~/.claude-c" } } } },
      usage: { interval: 10, claude: { url: usage.url("/claude") } },
      remote: { listen: "127.0.0.1", port, host: "127.0.0.1", allowedNetworks: ["127.0.0.1/32"] },
    }, { loggedOut: ["c"] });
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: agents });
    // The sessions' directory is a repository: the page's Changes section has something to show.
    await commitRepo(server.work, { ...server.env, ...GIT_ENV, GIT_CONFIG_GLOBAL: "/dev/null" }, { "app.txt": "one\n" });
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "-t", "base"]);
    for (const [name, account] of [["one", "a"], ["two", "b"], ["three", "a"], ["four", "a"]] as const) {
      const r = await server.cli(["new", "--backend", "claude", "--account", account, "--dir", server.work, "--instance", name, "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      panes[name] = String(r.stdout).trim();
      await waitForState(server, panes[name], "idle");
    }
    assert.ok(Number(panes.one.slice(1)) > 10, panes.one);
    assert.equal((await server.cli(["rename", panes.one, HOSTILE])).exitCode, 0);
    await server.cli(["send", panes.two, "hi"]);
    await waitForState(server, panes.two, "waiting");
    await server.cli(["send", panes.one, "/tool"]);
    await waitForState(server, panes.one, "blocked");
    // What the dialog asks, as the daemon publishes it on the pane (the page shows its options as buttons).
    await server.waitFor("the dialog's Ask", async () => ((JSON.parse((await paneOption(server, panes.one, "@agentmux-ask")) || "{}") as { dialog?: string }).dialog ?? "") !== "");
    const started = await server.cli(["remote", "start"]);
    assert.equal(started.exitCode, 0, String(started.stderr));
    assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: install Debian's chromium (.ci/run does) or set CHROMIUM_PATH`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: "dark" });
    // The browser's Notification, granted and recording what the page shows.
    // (A string: the test's own functions are compiled with helpers the page does not have.)
    await context.addInitScript(`
      window.shownNotifications = [];
      window.Notification = class {
        static permission = "granted";
        static requestPermission() { return Promise.resolve("granted"); }
        constructor(title, options) { window.shownNotifications.push({ title, body: (options && options.body) || "" }); }
      };
    `);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  after(async () => {
    await browser?.close();
    await server.cli(["remote", "stop"]);
    await server.cli(["daemon", "stop"]);
    try { await server.stop(); } finally { await usage.close(); }
  });

  it("asks an unpaired device for a code, refuses a wrong one, and pairs with the one `remote pair` printed", async () => {
    await page.goto(url());
    await page.waitForSelector("#pair-view:not([hidden])");
    assert.ok(await page.isHidden("#list-view"));
    await page.fill("#pair-code", "WRONG-CODE");
    await page.fill("#pair-device", "test phone ü");
    await page.click("#pair-form button[type=submit]");
    await page.waitForFunction(() => /wrong/.test(document.getElementById("pair-error")?.textContent ?? ""));
    const pair = await server.cli(["remote", "pair", "--json"]);
    assert.equal(pair.exitCode, 0, String(pair.stderr));
    const { code } = JSON.parse(String(pair.stdout)) as { code: string };
    await page.fill("#pair-code", code);
    await page.click("#pair-form button[type=submit]");
    await page.waitForSelector("#list-view:not([hidden]) .row");
    assert.ok(await page.evaluate(() => (localStorage.getItem("agentmux-token") ?? "").length > 10), "the token is kept in localStorage");
    const devices = JSON.parse(String((await server.cli(["remote", "devices", "--json"])).stdout)) as Array<{ name: string }>;
    assert.deepEqual(devices.map((d) => d.name), ["test phone ü"]);
  });

  it("lists blocked, then waiting, then the rest, each with glyph and word, backend, account, a ticking age and what it asks", async () => {
    await page.waitForFunction((n) => document.querySelectorAll("#sessions .row").length === n, 4);
    const order = await rowPanes();
    assert.deepEqual(order.slice(0, 2), [panes.one, panes.two]);
    assert.deepEqual(new Set(order.slice(2)), new Set([panes.three, panes.four]));
    const first = page.locator(`#sessions .row[data-pane="${panes.one}"]`);
    assert.equal(await first.locator(".state").textContent(), "⚠ blocked");
    assert.equal(await page.locator(`#sessions .row[data-pane="${panes.two}"] .state`).textContent(), "● waiting");
    assert.equal(await page.locator(`#sessions .row[data-pane="${panes.three}"] .state`).textContent(), "○ idle");
    // The name is text: its markup shows as written, nothing of it became an element.
    assert.equal(await first.locator(".name").textContent(), HOSTILE);
    assert.equal(await first.locator(".name b").count(), 0);
    assert.equal(await first.locator(".meta").textContent(), "claude · a");
    assert.match(await first.locator(".row-ask").textContent() ?? "", /Bash: touch marker/);
    const age = first.locator(".age");
    const was = await age.textContent();
    await page.waitForFunction(([sel, before]) => document.querySelector(sel as string)?.textContent !== before, [`#sessions .row[data-pane="${panes.one}"] .age`, was]);
    // Every touch target is at least 44 px.
    const small = await page.$$eval("button:not([hidden])", (bs) => bs.filter((b) => (b as HTMLElement).offsetParent !== null).map((b) => b.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44).length);
    assert.equal(small, 0);
    process.stdout.write(`${await shot("list")}\n`);
    await page.emulateMedia({ colorScheme: "light" });
    process.stdout.write(`${await shot("list-light")}\n`);
    await page.emulateMedia({ colorScheme: "dark" });
  });

  it("opens a session: its dialog's options as buttons, the first answering the dialog", async () => {
    await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    await page.click(`#sessions .row[data-pane="${panes.one}"]`);
    await page.waitForSelector("#session-view:not([hidden])");
    await page.waitForFunction(() => /Bash|marker|fake/.test(document.getElementById("output")?.textContent ?? ""));
    assert.equal(await page.textContent("#title"), HOSTILE);
    const options = page.locator("#s-options button");
    assert.ok((await options.count()) >= 2, "one button per option");
    process.stdout.write(`${await shot("session")}\n`);
    // The answer carries the digest of the dialog shown (the daemon's, read from the screen).
    const { dialog } = JSON.parse(await paneOption(server, panes.one, "@agentmux-ask")) as { dialog: string };
    assert.notEqual(dialog, "");
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/keys")), options.first().click()]);
    assert.equal(res.status(), 200);
    assert.deepEqual(JSON.parse(res.request().postData() ?? "{}"), { pane: panes.one, keys: ["1"], dialog });
    await server.waitForScreen(panes.one, /Tool finished/);
    await waitForState(server, panes.one, "waiting");
    await page.waitForFunction(() => /Tool finished/.test(document.getElementById("output")?.textContent ?? ""));
    await page.waitForSelector("#s-state[data-state=waiting]");
  });

  it("Changes: the session's changed files with their counts, and a file's diff as text", async () => {
    writeFileSync(join(server.work, "app.txt"), "one\n<img src=x onerror=\"window.pwned=1\"> \x1b[31mred\n");
    await page.click("#changes summary");
    await page.waitForFunction(() => /app\.txt\s+modified\s+\+1 −0/.test(document.getElementById("diff-files")?.textContent ?? ""));
    assert.match(await page.textContent("#diff-against") ?? "", /since the commit it started at/);
    await page.click("#diff-files button");
    await page.waitForFunction(() => /\+<img src=x onerror/.test(document.getElementById("diff-text")?.textContent ?? ""));
    assert.equal(await page.evaluate(() => document.querySelectorAll("#diff-text img").length), 0, "the file's text is text");
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    process.stdout.write(`${await shot("changes")}\n`);
    await page.click("#changes summary");
  });

  it("shows output as it changes, without a reload", async () => {
    await server.cli(["send", panes.one, "from the terminal"]);
    await page.waitForFunction(() => /received: from the terminal/.test(document.getElementById("output")?.textContent ?? ""));
    assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, "the same page, not a reload");
    // The output follows its bottom.
    assert.ok(await page.$eval("#output", (e) => e.scrollHeight - e.scrollTop - e.clientHeight < 30));
  });

  it("submits a typed reply to the session", async () => {
    await page.fill("#send-text", "hello from the phone ü");
    await page.click("#send-form button[type=submit]");
    await server.waitForScreen(panes.one, /received: hello from the phone ü/);
    await page.waitForFunction(() => /received: hello from the phone/.test(document.getElementById("output")?.textContent ?? ""));
    await page.waitForFunction(() => (document.getElementById("send-text") as HTMLTextAreaElement).value === "");
  });

  it("sends each key of the row: Escape reaches the session, digits, y, n and Enter type and submit", async () => {
    const press = async (key: string) => {
      const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/keys")), page.click(`#keys button[data-key="${key}"]`)]);
      assert.equal(res.status(), 200, `${key}: ${await res.text()}`);
      // No dialog is shown (the session waits): "" says so, and the keys go in only while none is open.
      assert.deepEqual(JSON.parse(res.request().postData() ?? "{}"), { pane: panes.one, keys: [key], dialog: "" });
    };
    const escapes = () => events().filter((e) => e.event === "escape").length;
    const before = escapes();
    await press("Escape");
    await server.waitFor("the Escape in the agent", () => escapes() > before);
    for (const key of ["Left", "Up", "Down", "Right", "BTab"]) await press(key);
    for (const key of ["7", "y", "n", "Enter"]) await press(key);
    await server.waitForScreen(panes.one, /received: 7yn/);
    const small = await page.$$eval("#keys button, #send-form button, #restart, #back", (bs) => bs.map((b) => b.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44).length);
    assert.equal(small, 0, "every key is at least 44 px");
    const labels = await page.$$eval("#keys button", (bs) => bs.map((b) => (b as HTMLElement).dataset["key"]));
    assert.deepEqual(labels, ["Escape", "1", "2", "3", "4", "5", "6", "7", "8", "9", "y", "n", "Left", "Up", "Down", "Right", "Tab", "BTab", "Enter", "C-c"]);
  });

  it("an option told before its dialog was read from the screen cannot be pressed (it would be typed blind)", async () => {
    // As a hook tells an Ask's options before the dialog is drawn: no digest yet.
    const ask = { kind: "question", summary: "Which colour?", text: ["Which colour?"], options: ["Red", "Blue"], dialog: "", source: "hook", at: Date.now() };
    await server.tmux(["set-option", "-p", "-t", panes.two, "@agentmux-ask", JSON.stringify(ask)]);
    await page.click("#back");
    await page.click(`#sessions .row[data-pane="${panes.two}"]`);
    await page.waitForFunction(() => document.querySelectorAll("#s-options button").length === 2);
    assert.deepEqual(await page.$$eval("#s-options button", (bs) => bs.map((b) => (b as HTMLButtonElement).disabled)), [true, true]);
    assert.ok(!(await page.isDisabled(`#keys button[data-key="1"]`)), "the key row stays (its keys go in only while no dialog is open)");
  });

  it("restarts a session under an account chosen from the sheet (usage shown, limited marked, logged-out disabled)", async () => {
    const cache = join(server.home, "state", "usage", "readings.json");
    await server.waitFor("both accounts' usage read", () => existsSync(cache) && /"b"/.test(readFileSync(cache, "utf8")) && /"a"/.test(readFileSync(cache, "utf8")), 20_000);
    // A conversation to resume (one with no message exchanged restarts fresh).
    await server.cli(["send", panes.three, "a first message"]);
    await server.waitForScreen(panes.three, /received: a first message/);
    await page.click("#back");
    await page.waitForSelector("#list-view:not([hidden])");
    await page.click(`#sessions .row[data-pane="${panes.three}"]`);
    await page.waitForSelector("#session-view:not([hidden])");
    await page.click("#restart");
    await page.waitForSelector("#sheet:not([hidden]) .choice");
    const choice = (value: string) => page.locator(`#choices .choice[data-value="${value}"]`);
    await page.waitForFunction(() => /week 100%/.test(document.getElementById("choices")?.textContent ?? ""));
    assert.match(await choice("team").textContent() ?? "", /pool/);
    assert.match(await choice("b").textContent() ?? "", /limited/);
    assert.match(await choice("b").textContent() ?? "", /week 100% · session 100%/);
    assert.match(await choice("a").textContent() ?? "", /week 30% · session 12%/);
    assert.match(await choice("a").textContent() ?? "", /current/);
    assert.ok(await choice("c").isDisabled(), "a logged-out account cannot be chosen");
    assert.ok(!(await choice("b").isDisabled()));
    process.stdout.write(`${await shot("restart")}\n`);
    const id = await paneOption(server, panes.three, "@agentmux-id");
    const startsBefore = events().filter((e) => e.event === "start").length;
    await choice("b").click();
    await page.waitForSelector("#sheet", { state: "hidden" });
    await server.waitFor("the resumed process", () => events().filter((e) => e.event === "start").length > startsBefore, 20_000);
    const started = events().filter((e) => e.event === "start").at(-1);
    assert.equal(started?.args?.[(started.args.indexOf("--resume")) + 1], id);
    await server.waitFor("three under b", async () => (await listJson(server)).some((s) => s["pane"] === panes.three && s["account"] === "b"), 15_000);
    await page.waitForFunction(() => document.getElementById("s-meta")?.textContent === "claude · b");
  });

  it("C-c ends the session and the view says it ended", async () => {
    await page.click("#back");
    await page.click(`#sessions .row[data-pane="${panes.four}"]`);
    await page.waitForSelector("#session-view:not([hidden])");
    await page.click(`#keys button[data-key="C-c"]`);
    await page.waitForSelector("#s-ended:not([hidden])");
    assert.ok(await page.isDisabled("#send-form button[type=submit]"));
  });

  it("notifies when a session becomes blocked (not for those blocked at load)", async () => {
    const shown = () => page.evaluate(() => (window as unknown as { shownNotifications: Array<{ title: string; body: string }> }).shownNotifications);
    assert.deepEqual(await shown(), []);
    await server.cli(["send", panes.two, "/tool"]);
    await waitForState(server, panes.two, "blocked");
    await page.waitForFunction(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications.length > 0);
    const [n] = await shown();
    assert.match(n?.title ?? "", /two is blocked/);
  });

  it("says reconnecting… while the server is away, and is live again once it is back", async () => {
    await toList();
    assert.equal((await server.cli(["remote", "stop"])).exitCode, 0);
    await page.waitForFunction(() => document.getElementById("conn")?.textContent === "reconnecting…");
    assert.equal((await server.cli(["remote", "start"])).exitCode, 0);
    await page.waitForFunction(() => document.getElementById("conn")?.textContent === "", undefined, { timeout: 30_000 });
    await server.cli(["send", panes.three, "after the reconnect"]);
    await page.click(`#sessions .row[data-pane="${panes.three}"]`);
    await page.waitForFunction(() => /received: after the reconnect/.test(document.getElementById("output")?.textContent ?? ""));
  });

  it("a revoked device is refused: the page asks to pair again", async () => {
    await toList();
    const r = await server.cli(["remote", "revoke", "test phone ü"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    // The revocation itself closes the page's WebSocket (nothing else happens here).
    await page.waitForSelector("#pair-view:not([hidden])", { timeout: 20_000 });
    assert.match(await page.textContent("#pair-error") ?? "", /no longer paired/);
    assert.equal(await page.evaluate(() => localStorage.getItem("agentmux-token")), null);
    // A reload stays refused.
    await page.reload();
    await page.waitForSelector("#pair-view:not([hidden])");
  });

  it("pairs again through the link `remote pair` prints (its #pair=CODE fills the code in)", async () => {
    const pair = await server.cli(["remote", "pair", "--json"]);
    const { code, pairUrl } = JSON.parse(String(pair.stdout)) as { code: string; pairUrl: string };
    assert.equal(pairUrl, `${url()}#pair=${code}`);
    await page.goto(pairUrl);
    await page.waitForSelector("#pair-view:not([hidden])");
    assert.equal(await page.inputValue("#pair-code"), code);
    assert.equal(new URL(page.url()).hash, "", "the code leaves the address bar");
    await page.click("#pair-form button[type=submit]");
    await page.waitForSelector("#list-view:not([hidden]) .row");
  });
});
