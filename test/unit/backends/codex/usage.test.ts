import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { UsageReading } from "../../../../src/backends/shared/usage-http.ts";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { normaliseCodexUsage } from "../../../../src/backends/codex/usage.ts";
import { callInChild } from "../../../helpers/in-child.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const HOUR = 3_600_000;
const codexWindow = (pct: number, seconds: number, resetAt: number) => ({ used_percent: pct, limit_window_seconds: seconds, reset_after_seconds: 10, reset_at: resetAt / 1000 });

describe("usage normalisation", () => {
  const codexRows: Array<[string, unknown, Partial<UsageReading>]> = [
    ["primary short, secondary a week", { rate_limit: { allowed: true, limit_reached: false, primary_window: codexWindow(12, 18_000, NOW + HOUR), secondary_window: codexWindow(40, 604_800, NOW + 50 * HOUR) } },
      { sessionPct: 12, weeklyPct: 40, sessionResetsAt: NOW + HOUR, weeklyResetsAt: NOW + 50 * HOUR, limited: false }],
    ["slots swapped: classified by window length", { rate_limit: { allowed: true, limit_reached: false, primary_window: codexWindow(40, 604_800, NOW + 50 * HOUR), secondary_window: codexWindow(12, 18_000, NOW + HOUR) } },
      { sessionPct: 12, weeklyPct: 40 }],
    ["a single weekly window in the primary slot", { rate_limit: { allowed: true, limit_reached: false, primary_window: codexWindow(55, 604_800, NOW + 50 * HOUR), secondary_window: null } },
      { sessionPct: null, weeklyPct: 55, sessionResetsAt: null }],
    ["exactly a day is weekly", { rate_limit: { primary_window: codexWindow(5, 86_400, NOW + HOUR) } }, { sessionPct: null, weeklyPct: 5 }],
    ["limit reached", { rate_limit: { allowed: false, limit_reached: true, primary_window: codexWindow(100, 18_000, NOW + HOUR) } }, { sessionPct: 100, limited: true }],
    ["reset_after_seconds when reset_at is missing", { rate_limit: { primary_window: { used_percent: 1, limit_window_seconds: 18_000, reset_after_seconds: 60 } } }, { sessionResetsAt: NOW + 60_000 }],
  ];
  for (const [name, body, expected] of codexRows) {
    it(`Codex: ${name}`, () => {
      const r = normaliseCodexUsage(body, NOW);
      for (const [key, value] of Object.entries(expected)) assert.equal(r?.[key as keyof typeof r], value, key);
    });
  }
});

describe("codexAuth: the login in <home>/auth.json", () => {
  it("reads the tokens; an auth.json that is a link to /dev/zero is no login, not read (the daemon's usage poll)", () => {
    const root = mkdtempSync(join(tmpdir(), "agentmux-codex-auth-"));
    try {
      mkdirSync(join(root, "ok"));
      writeFileSync(join(root, "ok", "auth.json"), '{"tokens":{"access_token":"t","account_id":"a"}}');
      mkdirSync(join(root, "zero"));
      symlinkSync("/dev/zero", join(root, "zero", "auth.json"));
      // In a child: the old reader read /dev/zero until memory ran out.
      assert.deepEqual(callInChild("backends/codex/usage.ts", "codexAuth", [[join(root, "ok")], [join(root, "zero")]]), [
        { value: { kind: "tokens", accessToken: "t", accountId: "a" } },
        { value: { kind: "missing" } },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
