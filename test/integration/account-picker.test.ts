import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { UsageReading } from "../../src/backends/shared/usage-http.ts";
import { usageCacheFile, writeUsageCache, type UsageRecord } from "../../src/accounts/usage-store.ts";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { CLI, TestServer } from "../helpers/tmux-server.ts";

const HOUR = 3_600_000;
const reading = (sessionPct: number, weeklyPct: number, over: Partial<UsageReading> = {}): UsageReading => ({
  sessionPct, weeklyPct, sessionResetsAt: Date.now() + 2 * HOUR, weeklyResetsAt: Date.now() + 72 * HOUR, limited: false, fetchedAt: Date.now() - 60_000, ...over,
});

/** account select and usage typed at a terminal: a real pane of a private server, keys sent with send-keys. */
describe("account picker and live usage at a terminal", () => {
  const server = new TestServer();
  const stateDir = join(server.home, "state");
  const records = (list: UsageRecord[]) => writeUsageCache(stateDir, list);
  let usage: FakeUsageServer;

  before(async () => {
    usage = await startFakeUsageServer();
    const home = join(server.home, "home");
    server.env["HOME"] = home;
    for (const name of ["work-a", "work-b", "solo"]) mkdirSync(join(home, `.claude-${name}`), { recursive: true });
    for (const name of ["work-a", "work-b"]) writeFileSync(join(home, `.claude-${name}`, ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: name } }));
    mkdirSync(join(home, ".claude"), { recursive: true });
    mkdirSync(join(home, ".codex-cx"), { recursive: true });
    writeConfig(server.home, {
      backends: {
        claude: { accounts: { solo: "~/.claude-solo", "work-a": { home: "~/.claude-work-a", pool: "work" }, "work-b": { home: "~/.claude-work-b", pool: "work" } } },
        codex: { accounts: { cx: "~/.codex-cx" } },
      },
      usage: { staleAfter: 600, claude: { url: usage.url("/claude") }, codex: { url: usage.url("/codex") } },
    });
    records([
      { backend: "claude", account: "work-a", reading: reading(70, 30), failures: 0 },
      { backend: "claude", account: "work-b", reading: reading(5, 10), failures: 0 },
      { backend: "claude", account: "solo", reading: reading(20, 20, { fetchedAt: Date.now() - 5 * HOUR }), failures: 0 },
    ]);
    await server.start();
  });
  after(async () => {
    try { await server.stop(); } finally { await usage.close(); }
  });

  /** A person's shell on the server (the test's environment: AGENTMUX_HOME, HOME, PATH). */
  const shell = async () => String((await server.tmux(["new-window", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
  const type = (pane: string, ...keys: string[]) => server.tmux(["send-keys", "-t", pane, ...keys]);
  const selected = () => (JSON.parse(readFileSync(join(stateDir, "accounts", "selection.json"), "utf8")) as { selected: Record<string, string> }).selected;

  it("asks for the backend, then lists pools first and accounts with their usage; the choice is saved", async () => {
    const pane = await shell();
    await type(pane, `node ${CLI} account select; echo "exit=$?"`, "Enter");
    const backends = await server.waitForScreen(pane, /Select an account for which backend\?/);
    assert.match(backends, /›1 {3}claude +Claude Code · 3 accounts · no account selected/);
    assert.match(backends, / 2 {3}codex +Codex · 1 account · no account selected/);
    await type(pane, "Enter");
    const list = await server.waitForScreen(pane, /Select the claude account or pool/);
    const lines = list.split("\n");
    const at = (pattern: RegExp) => lines.findIndex((l) => pattern.test(l));
    assert.ok(at(/^ Pools/) < at(/ 1 {3}work +work-a, work-b · next: work-b \(session 5% · weekly 10%/), list);
    assert.ok(at(/ 1 {3}work /) < at(/^ Accounts/), list);
    assert.ok(at(/^ Accounts/) < at(/ 2 {3}solo +session 20% · weekly 20% \S+ · 5h old · logged out/), list);
    assert.match(list, / 3 {3}work-a +pool work · session 70% · weekly 30%/);
    assert.match(list, / 4 {3}work-b +pool work · session 5% · weekly 10%/);
    // Nothing selected yet: the highlight starts on the CLI's own home.
    assert.match(list, /›5 ● \(none\) +the CLI's own home/);
    await type(pane, "Home", "Down", "Down");
    await server.waitForScreen(pane, /›3 {3}work-a/);
    await type(pane, "Enter");
    await server.waitForScreen(pane, /claude: selected account work-a \(.*\.claude-work-a; synced\)\s+exit=0/);
    assert.deepEqual(selected(), { claude: "work-a" });
  });

  it("with the backend given it asks only for the account, the current one marked; Escape leaves the selection alone", async () => {
    const pane = await shell();
    await type(pane, `node ${CLI} account select claude; echo "exit=$?"`, "Enter");
    await server.waitForScreen(pane, /›3 ● work-a/);
    await type(pane, "Escape");
    await server.waitForScreen(pane, /claude: selection unchanged \(work-a\)\s+exit=0/);
    await type(pane, "clear", "Enter");
    await type(pane, `node ${CLI} account select claude; echo "exit=$?"`, "Enter");
    await server.waitForScreen(pane, /›3 ● work-a/);
    await type(pane, "1");
    await server.waitForScreen(pane, /claude: selected pool work \(work-a, work-b; synced\)\s+exit=0/);
    assert.deepEqual(selected(), { claude: "work" });
  });

  it("without a terminal a missing backend is an error that says what to pass", async () => {
    const r = await server.cli(["account", "select"]);
    assert.equal(r.exitCode, 1);
    assert.equal(String(r.stderr).trim(), "agentmux: account select needs a backend (claude or codex) (pass it: agentmux account select claude NAME (or run it at a terminal to pick))");
    const current = await server.cli(["account", "select", "claude"]);
    assert.equal(String(current.stdout).trim(), "claude: work");
  });

  it("usage at a terminal redraws when the cached readings change, dims stale ones, and quits on q", async () => {
    const pane = await shell();
    // --cached: the cache as it is, nothing fetched on open (the test below shows the default).
    await type(pane, `node ${CLI} usage --cached; echo "exit=$?"`, "Enter");
    await server.waitForScreen(pane, /claude\/work-a +work +70% +30%[\s\S]*r refresh · q quit/);
    const colored = String((await server.tmux(["capture-pane", "-p", "-e", "-t", pane])).stdout);
    assert.match(colored, /\x1b\[2mclaude\/solo/, "the stale reading is dimmed");
    assert.doesNotMatch(colored, /\x1b\[2mclaude\/work-a/);
    // The daemon's poller (or a refresh) replaces the cache: the view follows without a key.
    records([
      { backend: "claude", account: "work-a", reading: reading(45, 31), failures: 0 },
      { backend: "claude", account: "work-b", reading: reading(5, 10), failures: 0 },
      { backend: "codex", account: "cx", failures: 1, error: { message: "answered 401", network: false, at: Date.now() }, retryAt: Date.now() + HOUR },
    ]);
    const screen = await server.waitForScreen(pane, /claude\/work-a +work +45% +31%/);
    assert.match(screen, /codex\/cx .*answered 401 \(retry in \d+m\)/);
    assert.doesNotMatch(screen, /exit=/);
    // r fetches every account now; the view shows the new readings.
    usage.answer("/claude", { status: 200, body: { five_hour: { utilization: 33, resets_at: new Date(Date.now() + HOUR).toISOString() }, seven_day: { utilization: 44, resets_at: new Date(Date.now() + 72 * HOUR).toISOString() } } });
    await type(pane, "r");
    await server.waitForScreen(pane, /claude\/work-b +work +33% +44%/);
    assert.ok(usage.requests.some((q) => q.headers["authorization"] === "Bearer work-b"));
    await type(pane, "q");
    await server.waitForScreen(pane, /exit=0/);
    await type(pane, "clear", "Enter");
    // The earlier exit=0 must be gone before the next one can be told from it.
    await server.waitFor("the screen cleared", async () => !/exit=/.test(String((await server.tmux(["capture-pane", "-p", "-t", pane])).stdout)));
    await type(pane, `node ${CLI} usage --once; echo "exit=$?"`, "Enter");
    const once = await server.waitForScreen(pane, /exit=0/);
    assert.match(once, /claude\/work-a +work +33%/);
    assert.doesNotMatch(once, /q quit/);
  });

  it("usage at a terminal fetches on open the readings older than usage.interval, showing the cache meanwhile; --cached does not", async () => {
    const old = Date.now() - 2 * HOUR;
    // The cache is merged on write (newer kept): start it over, two hours old.
    const stale = () => rmSync(usageCacheFile(stateDir), { force: true }) ?? records([
      { backend: "claude", account: "work-a", reading: reading(70, 30, { fetchedAt: old }), failures: 0, updatedAt: old, nextAt: old + 300_000 },
      { backend: "claude", account: "work-b", reading: reading(5, 10, { fetchedAt: old }), failures: 0, updatedAt: old, nextAt: old + 300_000 },
    ]);
    stale();
    const fetched = (token: string) => usage.requests.filter((q) => q.headers["authorization"] === `Bearer ${token}`).length;
    const before = { a: fetched("work-a"), b: fetched("work-b") };
    const fresh = { five_hour: { utilization: 21, resets_at: new Date(Date.now() + HOUR).toISOString() }, seven_day: { utilization: 22, resets_at: new Date(Date.now() + 72 * HOUR).toISOString() } };
    // work-a's endpoint never answers: its cached reading stays on screen while the fetch runs.
    usage.answer("/claude work-a", "hang");
    usage.answer("/claude work-b", { status: 200, body: fresh });
    const pane = await shell();
    await type(pane, `node ${CLI} usage --cached; echo "exit=$?"`, "Enter");
    const cached = await server.waitForScreen(pane, /claude\/work-b +work +5% +10%[\s\S]*r refresh · q quit/);
    assert.doesNotMatch(cached, /fetching/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual({ a: fetched("work-a"), b: fetched("work-b") }, before, "--cached fetches nothing");
    await type(pane, "q");
    await server.waitForScreen(pane, /exit=0/);
    await type(pane, "clear", "Enter");
    await server.waitFor("the screen cleared", async () => !/exit=/.test(String((await server.tmux(["capture-pane", "-p", "-t", pane])).stdout)));
    stale();
    await type(pane, `node ${CLI} usage; echo "exit=$?"`, "Enter");
    // The fresh reading arrives while the cache's other rows stay, and the view says it is fetching.
    const screen = await server.waitForScreen(pane, /claude\/work-b +work +21% +22%/);
    assert.match(screen, /claude\/work-a +work +70% +30%/);
    assert.match(screen, /fetching \d+ readings older than 300s…/);
    assert.equal(fetched("work-b"), before.b + 1);
    assert.equal(fetched("work-a"), before.a + 1);
    await type(pane, "q");
    await server.waitForScreen(pane, /exit=0/, 30_000);
  });
});
