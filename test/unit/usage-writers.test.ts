import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UsagePoller } from "../../src/accounts/usage-poller.ts";
import type { PollTarget } from "../../src/accounts/usage-fetch.ts";
import { readUsageCache } from "../../src/accounts/usage-store.ts";
import type { FetchOutcome } from "../../src/backends/shared/usage-http.ts";
import { parseConfig } from "../../src/config/config.ts";

const reading = (pct: number, at: number): FetchOutcome => ({ kind: "reading", reading: { sessionPct: pct, weeklyPct: pct, sessionResetsAt: null, weeklyResetsAt: null, limited: false, fetchedAt: at } });

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
