import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { UsageRecord } from "../../../src/accounts/usage-store.ts";
import { liveFrame } from "../../../src/cli/usage-live.ts";
import { parseConfig } from "../../../src/config/config.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const config = parseConfig("backends:\n  claude:\n    accounts:\n      a: /h/a\n", "c.yml");
const record: UsageRecord = { backend: "claude", account: "a", failures: 0, reading: { sessionPct: 37, weeklyPct: 81, sessionResetsAt: null, weeklyResetsAt: NOW + 86_400_000, limited: false, fetchedAt: NOW - 60_000 } };

describe("the live usage view", () => {
  it("is the usage table in terminal lines, then the keys and what a refresh is doing", () => {
    const frame = liveFrame(config, new Map([["claude/a", record]]), NOW, { color: false, note: "refreshing…" }).split("\r\n");
    assert.deepEqual(frame, [
      "ACCOUNT   POOL  SESSION  WEEKLY              RESETS  LIMITED  AGE  ERROR",
      "claude/a  -     37%      81%     ████████░░  in 1d            1m",
      "",
      "r refresh · q quit · redrawn as readings arrive · refreshing…",
    ]);
    assert.match(liveFrame(config, new Map(), NOW, { color: true, note: "" }), /claude\/a +- +- +- .*never\r\n\r\n\x1b\[2mr refresh · q quit · redrawn as readings arrive\x1b\[0m$/);
  });
});
