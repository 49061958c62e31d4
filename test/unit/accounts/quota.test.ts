import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cachedQuotaLookup, formatQuota, quotaLabel, quotaOf, selectedQuotas } from "../../../src/accounts/quota.ts";
import type { UsageReading } from "../../../src/backends/shared/usage-http.ts";
import { writeUsageCache } from "../../../src/accounts/usage-store.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { renderStatusSegment } from "../../../src/daemon/status-segment.ts";
import { INITIAL } from "../../../src/core/state-machine.ts";
import type { RosterEntry } from "../../../src/session/roster.ts";
import { toRow } from "../../../src/switcher/rows.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const MIN = 60_000;
const STALE = 30 * MIN;
const reading = (over: Partial<UsageReading> = {}): UsageReading => ({ sessionPct: 38, weeklyPct: 12, sessionResetsAt: NOW + 60 * MIN, weeklyResetsAt: NOW + 3 * 1440 * MIN, limited: false, fetchedAt: NOW - MIN, ...over });
const config = parseConfig([
  "backends:",
  "  claude:",
  "    accounts:",
  "      solo: /h/solo",
  "      work-a: { home: /h/a, pool: work }",
  "      work-b: { home: /h/b, pool: work }",
  "  codex:",
  "    accounts: { cx: /h/cx }",
  "display: { quota: true }",
  "usage: { staleAfter: 1800 }",
].join("\n"), "c.yml");

describe("quota", () => {
  it("display.quota is off unless the config turns it on", () => {
    assert.equal(parseConfig("display: { backendSuffix: true }\n", "c.yml").display.quota, false);
    assert.equal(config.display.quota, true);
  });

  it("remaining is 100 minus the fuller window; a window past its reset counts as empty", () => {
    const table: Array<[string, UsageReading | undefined, string]> = [
      ["session fuller", reading(), "62%"],
      ["weekly fuller", reading({ sessionPct: 5, weeklyPct: 81 }), "19%"],
      ["only one window", reading({ sessionPct: null, weeklyPct: 40 }), "60%"],
      ["session reset passed", reading({ sessionPct: 90, sessionResetsAt: NOW - MIN }), "88%"],
      ["over 100 clamps", reading({ sessionPct: 130 }), "0%"],
      ["rounded", reading({ sessionPct: 33.4, weeklyPct: 0 }), "67%"],
      ["limited", reading({ limited: true }), "limited"],
      ["stale", reading({ fetchedAt: NOW - 2 * STALE }), "~62%"],
      ["no reading", undefined, "?"],
    ];
    for (const [name, r, expected] of table) assert.equal(formatQuota(quotaOf(r, NOW, STALE)), expected, name);
  });

  it("per backend with a selection: the account, or the member a pool routes to; undeclared or unroutable names left out", () => {
    const readings: Record<string, UsageReading> = { "claude/work-b": reading({ sessionPct: 70 }), "claude/solo": reading({ weeklyPct: 90 }), "codex/cx": reading() };
    const look = (b: string, a: string) => readings[`${b}/${a}`];
    const routed = (_b: string, pool: { name: string; members: Array<{ name: string }> }) => (pool.name === "work" ? "work-b" : undefined);
    assert.deepEqual(selectedQuotas(config, { claude: "work", codex: "cx" }, look, routed, NOW).map(quotaLabel), ["claude:work-b 30%", "codex:cx 62%"]);
    assert.deepEqual(selectedQuotas(config, { claude: "solo" }, look, routed, NOW).map(quotaLabel), ["claude:solo 10%"]);
    assert.deepEqual(selectedQuotas(config, { claude: "nobody" }, look, routed, NOW), []);
    const unroutable = () => { throw new Error("no member of pool work has credentials"); };
    assert.deepEqual(selectedQuotas(config, { claude: "work" }, look, unroutable, NOW), []);
    assert.deepEqual(selectedQuotas(config, {}, look, routed, NOW), []);
  });

  it("the status segment ends with the quota: names escaped for tmux, low quota coloured", () => {
    const q = selectedQuotas(config, { claude: "solo", codex: "cx" }, (b, a) => (b === "claude" && a === "solo" ? reading({ weeklyPct: 95 }) : reading({ sessionPct: 75 })), () => undefined, NOW);
    // The config allows no "#" in names today; the segment escapes them all the same.
    q.push({ backend: "codex", account: "c#(x)", quota: quotaOf(reading(), NOW, STALE) });
    const working = [{ ...INITIAL, state: "working" as const }];
    assert.equal(renderStatusSegment(working, { colors: false, quota: q }), "◐1 claude:solo 5% codex:cx 25% codex:c##(x) 62%");
    assert.equal(renderStatusSegment([], { colors: true, quota: q }), "#[fg=red]claude:solo 5%#[default] #[fg=yellow]codex:cx 25%#[default] codex:c##(x) 62%");
    assert.equal(renderStatusSegment(working, { colors: false }), "◐1");
  });

  it("the switcher shows a session's quota after its account, and nothing extra without one", () => {
    const entry = { pane: "%1", key: "a", backend: "claude", account: "work-a", name: "api", state: "idle", stateSince: NOW, status: "", statusStale: false, background: false, snoozed: false, turnStart: null } as unknown as RosterEntry;
    assert.equal(toRow(entry, "", NOW, "62%").account, "work-a 62%");
    assert.equal(toRow(entry, "", NOW).account, "work-a");
    assert.equal(toRow({ ...entry, account: "" }, "", NOW, "62%").account, "");
  });

  it("the switcher's lookup reads the usage cache, and again once it changed", () => {
    const stateDir = mkdtempSync(join(tmpdir(), "agentmux-quota-"));
    const lookup = cachedQuotaLookup(config, stateDir, () => NOW);
    assert.equal(lookup("claude", "work-a"), "");
    writeUsageCache(stateDir, [{ backend: "claude", account: "work-a", reading: reading(), failures: 0 }]);
    assert.equal(lookup("claude", "work-a"), "62%");
    assert.equal(lookup("gemini", "work-a"), "");
    assert.equal(lookup("claude", ""), "");
    // The cache replaced (a new file of another size) is read again.
    writeUsageCache(stateDir, [{ backend: "claude", account: "work-a", reading: reading({ sessionPct: 100, weeklyPct: 100, limited: true }), failures: 0 }]);
    assert.equal(lookup("claude", "work-a"), "limited");
  });
});
