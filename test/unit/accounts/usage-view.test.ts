import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { UsageRecord } from "../../../src/accounts/usage-store.ts";
import { percentBar, renderUsage, usageRows } from "../../../src/accounts/usage-view.ts";
import { parseConfig } from "../../../src/config/config.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const MIN = 60_000;
const config = parseConfig("backends:\n  claude:\n    accounts:\n      a: { home: /h/a, pool: work }\n      b: /h/b\n  codex:\n    accounts:\n      o: /h/o\nusage: { staleAfter: 600 }\n", "c.yml");
const reading = { sessionPct: 37, weeklyPct: 81, sessionResetsAt: NOW + 30 * MIN, weeklyResetsAt: NOW + 3 * 1440 * MIN, limited: false, fetchedAt: NOW - MIN };
const records: Record<string, UsageRecord> = {
  "claude/a": { backend: "claude", account: "a", reading, failures: 0 },
  "claude/b": { backend: "claude", account: "b", reading: { ...reading, sessionResetsAt: NOW - MIN, fetchedAt: NOW - 20 * MIN }, failures: 2, error: { message: "answered 500", network: false, at: NOW }, retryAt: NOW + 10 * MIN },
  "codex/o": { backend: "codex", account: "o", failures: 0, error: { message: "chatgpt.com: ENOTFOUND", network: true, at: NOW } },
};
const rows = usageRows(config, (b, a) => records[`${b}/${a}`], NOW);

describe("usage view", () => {
  it("lists every configured account with its reading, in ISO times", () => {
    assert.deepEqual(rows[0], {
      backend: "claude", account: "a", pool: "work", sessionPct: 37, weeklyPct: 81, sessionResetsAt: "2026-03-02T12:30:00.000Z", weeklyResetsAt: "2026-03-05T12:00:00.000Z",
      limited: false, fetchedAt: "2026-03-02T11:59:00.000Z", ageSeconds: 60, stale: false, skipped: null, error: null, network: false, retryAt: null,
    });
  });
  it("a window past its reset shows nothing; a reading older than staleAfter is stale", () => {
    assert.deepEqual([rows[1]?.sessionPct, rows[1]?.sessionResetsAt, rows[1]?.weeklyPct, rows[1]?.stale], [null, null, 81, true]);
  });
  it("an account never read shows its error", () => {
    assert.deepEqual([rows[2]?.fetchedAt, rows[2]?.error, rows[2]?.network], [null, "chatgpt.com: ENOTFOUND", true]);
  });
  it("renders a table: bar, reset, age, error with its retry; stale rows dimmed when colored", () => {
    const text = renderUsage(rows, { color: false, now: NOW });
    assert.deepEqual(text.split("\n"), [
      "ACCOUNT   POOL  SESSION  WEEKLY              RESETS  LIMITED  AGE    ERROR",
      "claude/a  work  37%      81%     ████████░░  in 3d            1m",
      "claude/b  -     -        81%     ████████░░  in 3d            20m    answered 500 (retry in 10m)",
      "codex/o   -     -        -                   -                never  chatgpt.com: ENOTFOUND (no answer)",
    ]);
    const colored = renderUsage(rows, { color: true, now: NOW }).split("\n");
    assert.ok(!colored[1]?.includes("\x1b[2m"));
    assert.ok(colored[2]?.includes("\x1b[2mclaude/b"));
    assert.ok(colored[2]?.includes("\x1b[33m20m"));
  });
  it("percentBar", () => {
    assert.deepEqual([percentBar(0), percentBar(55), percentBar(100), percentBar(130)], ["░░░░░░░░░░", "██████░░░░", "██████████", "██████████"]);
  });
});
