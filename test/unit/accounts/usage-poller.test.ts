import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pollTargets } from "../../../src/accounts/usage-fetch.ts";
import { UsagePoller } from "../../../src/accounts/usage-poller.ts";
import type { PollTarget } from "../../../src/accounts/usage-fetch.ts";
import { usageCacheFile, readUsageCache } from "../../../src/accounts/usage-store.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { closedPort, startFakeUsageServer, type FakeUsageServer } from "../../helpers/fake-usage-server.ts";
import type { FetchOutcome } from "../../../src/backends/shared/usage-http.ts";

const T0 = Date.parse("2026-03-02T12:00:00Z");
const S = 1000;
const OK = { status: 200, body: { five_hour: { utilization: 10, resets_at: "2026-03-02T14:00:00Z" }, seven_day: { utilization: 20, resets_at: "2026-03-06T00:00:00Z" } } };

function setup(server: FakeUsageServer, path: string, claudeUrl?: string) {
  const root = mkdtempSync(join(tmpdir(), "agentmux-poller-"));
  const homes = ["a", "b", "key"].map((n) => {
    const dir = join(root, n);
    mkdirSync(dir);
    writeFileSync(join(dir, ".credentials.json"), JSON.stringify(n === "key" ? {} : { claudeAiOauth: { accessToken: `tok-${n}` } }));
    return dir;
  });
  const config = parseConfig([
    "backends:",
    "  claude:",
    "    accounts:",
    `      a: { home: ${homes[0]}, pool: p }`,
    `      b: { home: ${homes[1]}, pool: p }`,
    `      key: ${homes[2]}`,
    "usage:",
    "  interval: 300",
    "  maxInterval: 900",
    `  claude: { url: '${claudeUrl ?? server.url(path)}' }`,
  ].join("\n"), "c.yml");
  const clock = { now: T0 };
  const stateDir = join(root, "state");
  const notices: string[] = [];
  const make = () => new UsagePoller({ config, stateDir, targets: () => pollTargets(config), now: () => clock.now, onNotice: (text) => notices.push(text) });
  const target = (name: string): PollTarget => ({ backend: "claude", account: config.backends.claude?.accounts?.[name] as PollTarget["account"] });
  return { config, stateDir, clock, notices, make, target };
}

const reading = (pct: number, at: number): FetchOutcome => ({ kind: "reading", reading: { sessionPct: pct, weeklyPct: pct, sessionResetsAt: null, weeklyResetsAt: null, limited: false, fetchedAt: at } });

describe("UsagePoller against a fake server on 127.0.0.1", () => {
  let server: FakeUsageServer;
  before(async () => { server = await startFakeUsageServer(); });
  after(async () => { await server.close(); });

  it("polls every pool member (not other accounts unless live), then waits the interval", async () => {
    server.answer("/ok", OK);
    const t = setup(server, "/ok");
    const poller = t.make();
    assert.deepEqual(pollTargets(t.config, [{ backend: "claude", account: "key" }]).map((x) => x.account.name), ["a", "b", "key"]);
    const first = await poller.tick();
    assert.deepEqual(first.map((r) => [r.account, r.reading?.sessionPct, r.reading?.weeklyPct]), [["a", 10, 20], ["b", 10, 20]]);
    assert.equal((await poller.tick()).length, 0);
    t.clock.now += 300 * S;
    assert.equal((await poller.tick()).length, 2);
  });

  it("due: the accounts never read or read longer ago than the interval, as a fresh poller (a new `usage`) sees them", async () => {
    server.answer("/due", OK);
    const t = setup(server, "/due");
    const all = [t.target("a"), t.target("b")];
    assert.deepEqual(t.make().due(all).map((x) => x.account.name), ["a", "b"], "never read");
    await t.make().poll([t.target("a")]);
    assert.deepEqual(t.make().due(all).map((x) => x.account.name), ["b"], "a was just read");
    t.clock.now += 299 * S;
    assert.deepEqual(t.make().due(all).map((x) => x.account.name), ["b"]);
    t.clock.now += 1 * S;
    assert.deepEqual(t.make().due(all).map((x) => x.account.name), ["a", "b"], "older than the interval");
  });

  it("200: readings are cached in the state dir and read back by a new poller", async () => {
    server.answer("/cache", OK);
    const t = setup(server, "/cache");
    await t.make().tick();
    const cached = JSON.parse(readFileSync(usageCacheFile(t.stateDir), "utf8"));
    assert.equal(cached.records.length, 2);
    const again = t.make();
    assert.equal(again.reading("claude", "a")?.weeklyPct, 20);
    assert.equal(again.reading("claude", "a")?.fetchedAt, T0);
    assert.equal((await again.tick()).length, 0, "a restarted poller keeps the schedule");
  });

  it("500: the last reading is kept with the error; the wait doubles from the interval to 900 s", async () => {
    server.answer("/flaky", OK);
    const t = setup(server, "/flaky");
    const poller = t.make();
    const a = t.target("a");
    await poller.poll([a]);
    server.answer("/flaky", { status: 500, body: { error: "boom" } });
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      t.clock.now = (poller.record("claude", "a")?.nextAt ?? t.clock.now);
      const [record] = await poller.poll([a]);
      waits.push(((record?.retryAt ?? 0) - t.clock.now) / S);
      assert.equal(record?.reading?.sessionPct, 10, "the last reading stays");
      assert.match(record?.error?.message ?? "", /answered 500/);
    }
    assert.deepEqual(waits, [300, 600, 900, 900]);
    assert.deepEqual(t.notices, ["claude account a: usage: " + poller.record("claude", "a")?.error?.message], "told once while the reason stays the same");
    server.answer("/flaky", OK);
    t.clock.now = poller.record("claude", "a")?.retryAt ?? 0;
    const [recovered] = await poller.poll([a]);
    assert.deepEqual([recovered?.error, recovered?.failures, recovered?.retryAt], [undefined, 0, undefined]);
    assert.equal(t.notices.at(-1), "claude account a: usage readable again");
  });

  it("backoff is per account: another account's success neither slows nor resets it", async () => {
    server.answer("/per", { status: 500 });
    const t = setup(server, "/per");
    const poller = t.make();
    await poller.poll([t.target("a")]);
    server.answer("/per", OK);
    await poller.poll([t.target("b")]);
    assert.equal(poller.record("claude", "a")?.failures, 1);
    assert.equal((await poller.poll([t.target("a"), t.target("b")])).length, 0);
  });

  it("401: a failure with backoff and the renewal hint", async () => {
    server.answer("/401", { status: 401 });
    const t = setup(server, "/401");
    const poller = t.make();
    const [record] = await poller.poll([t.target("a")]);
    assert.deepEqual([record?.failures, record?.error?.status, (record?.retryAt ?? 0) - T0], [1, 401, 300 * S]);
    assert.match(t.notices[0] ?? "", /start Claude Code as this account once to renew it/);
  });

  it("429 with Retry-After: honoured however long, even by a forced poll", async () => {
    server.answer("/429", { status: 429, headers: { "retry-after": "7200" } });
    const t = setup(server, "/429");
    const poller = t.make();
    const a = t.target("a");
    const [record] = await poller.poll([a]);
    assert.deepEqual([record?.retryAt, record?.retryFromServer], [T0 + 7200 * S, true]);
    t.clock.now = T0 + 3600 * S;
    assert.equal((await poller.poll([a], "refresh")).length, 0);
    assert.equal((await poller.poll([a], "force")).length, 0);
    t.clock.now = T0 + 7200 * S;
    assert.equal((await poller.poll([a])).length, 1);
  });

  it("a forced poll skips the poller's own backoff; a refresh does not", async () => {
    server.answer("/force", { status: 500 });
    const t = setup(server, "/force");
    const poller = t.make();
    const a = t.target("a");
    await poller.poll([a]);
    assert.equal((await poller.poll([a], "refresh")).length, 0);
    assert.equal((await poller.poll([a], "force")).length, 1);
  });

  it("a refresh ignores the interval (after a routing decision)", async () => {
    server.answer("/refresh", OK);
    const t = setup(server, "/refresh");
    const poller = t.make();
    await poller.poll([t.target("a")]);
    assert.equal((await poller.poll([t.target("a")])).length, 0);
    assert.equal((await poller.poll([t.target("a")], "refresh")).length, 1);
  });

  it("no answer (a closed port): kept quiet, no backoff, retried at the next poll", async () => {
    const port = await closedPort();
    const t = setup(server, "/unused", `http://127.0.0.1:${port}/u`);
    const poller = t.make();
    const [record] = await poller.poll([t.target("a")]);
    assert.deepEqual([record?.error?.network, record?.failures, record?.retryAt, record?.nextAt], [true, 0, undefined, T0 + 300 * S]);
    assert.deepEqual(t.notices, []);
    t.clock.now += 300 * S;
    assert.equal((await poller.poll([t.target("a")])).length, 1);
  });

  it("an API-key account is skipped quietly", async () => {
    const t = setup(server, "/never");
    const before = server.requests.length;
    const [record] = await t.make().poll([t.target("key")]);
    assert.deepEqual([record?.skipped, record?.error, server.requests.length], ["authenticated by API key (no quota)", undefined, before]);
  });

  it("start polls at once and on its ticks; stop ends it", async () => {
    server.answer("/start", OK);
    const t = setup(server, "/start");
    const updates: string[] = [];
    const poller = new UsagePoller({ config: t.config, stateDir: t.stateDir, targets: () => pollTargets(t.config), tickMs: 20, onUpdate: (r) => updates.push(r.account) });
    poller.start();
    const deadline = Date.now() + 5000;
    while (updates.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    poller.stop();
    assert.deepEqual(updates.sort(), ["a", "b"], "both members once: the next fetch is an interval away");
  });

  it("a damaged cache is an empty one", () => {
    const t = setup(server, "/x");
    mkdirSync(join(t.stateDir, "usage"), { recursive: true });
    writeFileSync(usageCacheFile(t.stateDir), "{torn");
    assert.deepEqual(t.make().all(), []);
  });
});

describe("two writers of the usage readings (the daemon's poller and agentmux usage --refresh)", () => {
  function setup() {
    const root = mkdtempSync(join(tmpdir(), "agentmux-writers-"));
    const homes = ["a", "b"].map((n) => { const d = join(root, n); mkdirSync(d); writeFileSync(join(d, ".credentials.json"), "{}"); return d; });
    const config = parseConfig(["backends:", "  claude:", "    accounts:", `      a: { home: ${homes[0]}, pool: p }`, `      b: { home: ${homes[1]}, pool: p }`].join("\n"), "c.yml");
    const target = (name: string): PollTarget => ({ backend: "claude", account: config.backends.claude?.accounts?.[name] as PollTarget["account"] });
    return { config, stateDir: join(root, "state"), target };
  }

  it("the newer reading survives the daemon writing its older in-memory copy, and the daemon adopts it", async () => {
    const { config, stateDir, target } = setup();
    const clock = { now: 1_000_000 };
    const cliFetch = async (_t: PollTarget, now: number) => reading(70, now);
    const cli = new UsagePoller({ config, stateDir, targets: () => [], fetch: cliFetch, now: () => clock.now });
    const late: { during?: () => Promise<unknown> } = {};
    const daemonFetch = async (_t: PollTarget, now: number) => { await late.during?.(); return reading(30, now); };
    const daemon = new UsagePoller({ config, stateDir, targets: () => [], fetch: daemonFetch, now: () => clock.now });
    await daemon.poll([target("a"), target("b")], "force");
    // While the daemon fetches b, the CLI refreshes a and writes it: the daemon's copy of a is now stale.
    late.during = () => { clock.now += 1000; return cli.poll([target("a")], "force"); };
    await daemon.poll([target("b")], "force");
    const onDisk = readUsageCache(stateDir);
    assert.equal(onDisk.get("claude/a")?.reading?.sessionPct, 70, "the CLI's newer reading of a survives");
    assert.equal(onDisk.get("claude/a")?.updatedAt, 1_001_000);
    assert.equal(onDisk.get("claude/b")?.updatedAt, 1_001_000);
    assert.equal(daemon.reading("claude", "a")?.sessionPct, 70, "the daemon routes with the newer reading too");
  });

  it("a poll takes in what another process wrote since, so it does not fetch again what was just fetched", async () => {
    const { config, stateDir, target } = setup();
    const clock = { now: 2_000_000 };
    const fetched: string[] = [];
    const fetch = async (t: PollTarget, now: number) => { fetched.push(t.account.name); return reading(5, now); };
    const daemon = new UsagePoller({ config, stateDir, targets: () => [], fetch, now: () => clock.now });
    const cli = new UsagePoller({ config, stateDir, targets: () => [], fetch, now: () => clock.now });
    await cli.poll([target("a")], "force");
    await daemon.poll([target("a")], "scheduled");
    assert.deepEqual(fetched, ["a"]);
  });
});
