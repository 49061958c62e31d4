import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { normaliseClaudeUsage } from "../../../../src/backends/claude/usage.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");

const CLAUDE_BODY = {
  five_hour: { utilization: 37, resets_at: "2026-03-02T14:00:00+00:00" },
  seven_day: { utilization: 81.5, resets_at: "2026-03-06T00:00:00Z" },
  seven_day_opus: null, seven_day_sonnet: null, seven_day_oauth_apps: null, extra_usage: { is_enabled: false },
};

describe("usage normalisation", () => {
  it("Claude: five_hour is the session, seven_day the week", () => {
    assert.deepEqual(normaliseClaudeUsage(CLAUDE_BODY, NOW), {
      sessionPct: 37, weeklyPct: 81.5, sessionResetsAt: Date.parse("2026-03-02T14:00:00Z"), weeklyResetsAt: Date.parse("2026-03-06T00:00:00Z"), limited: false, fetchedAt: NOW,
    });
  });
  it("Claude: a null window is unknown, a full one limits", () => {
    const r = normaliseClaudeUsage({ five_hour: null, seven_day: { utilization: 100, resets_at: null } }, NOW);
    assert.deepEqual([r?.sessionPct, r?.weeklyPct, r?.weeklyResetsAt, r?.limited], [null, 100, null, true]);
  });
});
