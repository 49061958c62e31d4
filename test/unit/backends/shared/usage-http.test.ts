import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fetchClaudeUsage } from "../../../../src/backends/claude/usage.ts";
import { fetchCodexUsage } from "../../../../src/backends/codex/usage.ts";
import { parseRetryAfter } from "../../../../src/backends/shared/usage-http.ts";
import { closedPort, startFakeUsageServer, type FakeUsageServer } from "../../../helpers/fake-usage-server.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const HOUR = 3_600_000;

function home(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-usage-home-"));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  return dir;
}
const claudeHome = (token = "tok-claude") => home({ ".credentials.json": { claudeAiOauth: { accessToken: token, refreshToken: "r", expiresAt: NOW + HOUR } } });
const codexHome = () => home({ "auth.json": { OPENAI_API_KEY: null, tokens: { id_token: "i", access_token: "tok-codex", refresh_token: "r", account_id: "acct-1" }, last_refresh: "x" } });

const CLAUDE_BODY = {
  five_hour: { utilization: 37, resets_at: "2026-03-02T14:00:00+00:00" },
  seven_day: { utilization: 81.5, resets_at: "2026-03-06T00:00:00Z" },
  seven_day_opus: null, seven_day_sonnet: null, seven_day_oauth_apps: null, extra_usage: { is_enabled: false },
};
const codexWindow = (pct: number, seconds: number, resetAt: number) => ({ used_percent: pct, limit_window_seconds: seconds, reset_after_seconds: 10, reset_at: resetAt / 1000 });

describe("usage normalisation", () => {
  it("Retry-After: seconds or an HTTP date", () => {
    assert.equal(parseRetryAfter("120", NOW), 120_000);
    assert.equal(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW), 90_000);
    assert.equal(parseRetryAfter(null, NOW), undefined);
    assert.equal(parseRetryAfter("soon", NOW), undefined);
  });
});

describe("usage fetchers against a fake server on 127.0.0.1", () => {
  let server: FakeUsageServer;
  before(async () => { server = await startFakeUsageServer(); });
  after(async () => { await server.close(); });
  const opts = { now: NOW, timeoutMs: 2000 };

  it("Claude 200: the access token and the OAuth beta header are sent", async () => {
    server.answer("/c200", { status: 200, body: CLAUDE_BODY });
    const outcome = await fetchClaudeUsage(claudeHome("tok-1"), server.url("/c200"), opts);
    assert.equal(outcome.kind, "reading");
    const request = server.requests.find((r) => r.path === "/c200");
    assert.equal(request?.headers["authorization"], "Bearer tok-1");
    assert.equal(request?.headers["anthropic-beta"], "oauth-2025-04-20");
  });
  it("Codex 200: the access token and ChatGPT-Account-Id are sent", async () => {
    server.answer("/x200", { status: 200, body: { plan_type: "plus", rate_limit: { allowed: true, limit_reached: false, primary_window: codexWindow(3, 18_000, NOW + HOUR) } } });
    const outcome = await fetchCodexUsage(codexHome(), server.url("/x200"), opts);
    assert.deepEqual(outcome.kind === "reading" && outcome.reading.sessionPct, 3);
    const request = server.requests.find((r) => r.path === "/x200");
    assert.equal(request?.headers["authorization"], "Bearer tok-codex");
    assert.equal(request?.headers["chatgpt-account-id"], "acct-1");
  });
  it("401: the token was rejected, with what renews it", async () => {
    server.answer("/401", { status: 401, body: { error: "invalid token" } });
    assert.deepEqual(await fetchClaudeUsage(claudeHome(), server.url("/401"), opts), {
      kind: "failed", failure: { message: "the access token was rejected (start Claude Code as this account once to renew it)", network: false, status: 401, retryAfterMs: undefined },
    });
    const codex = await fetchCodexUsage(codexHome(), server.url("/401"), opts);
    assert.match(codex.kind === "failed" ? codex.failure.message : "", /expired \(run Codex as this account once to refresh it\)/);
  });
  it("429 with Retry-After", async () => {
    server.answer("/429", { status: 429, body: { error: "slow down" }, headers: { "retry-after": "3600" } });
    const outcome = await fetchClaudeUsage(claudeHome(), server.url("/429"), opts);
    assert.deepEqual(outcome.kind === "failed" && [outcome.failure.status, outcome.failure.retryAfterMs, outcome.failure.network], [429, 3_600_000, false]);
  });
  it("500: a failure with the status and the body's start", async () => {
    server.answer("/500", { status: 500, body: { error: "boom" } });
    const outcome = await fetchCodexUsage(codexHome(), server.url("/500"), opts);
    assert.match(outcome.kind === "failed" ? outcome.failure.message : "", /^127\.0\.0\.1:\d+ answered 500: \{"error":"boom"\}$/);
  });
  it("no answer (a closed port) is a network failure", async () => {
    const port = await closedPort();
    const outcome = await fetchClaudeUsage(claudeHome(), `http://127.0.0.1:${port}/u`, opts);
    assert.deepEqual(outcome.kind === "failed" && [outcome.failure.network, outcome.failure.message], [true, `127.0.0.1:${port}: ECONNREFUSED`]);
  });
  it("an answer that never comes is a network failure after the timeout", async () => {
    server.answer("/hang", "hang");
    const outcome = await fetchCodexUsage(codexHome(), server.url("/hang"), { now: NOW, timeoutMs: 200 });
    assert.deepEqual(outcome.kind === "failed" && [outcome.failure.network, /no answer within/.test(outcome.failure.message)], [true, true]);
  });
  it("API-key accounts are skipped quietly, without a request", async () => {
    const count = server.requests.length;
    assert.deepEqual(await fetchClaudeUsage(home({ ".credentials.json": {} }), server.url("/never"), opts), { kind: "skipped", reason: "authenticated by API key (no quota)" });
    assert.deepEqual((await fetchCodexUsage(home({ "auth.json": { OPENAI_API_KEY: "sk-x", tokens: null } }), server.url("/never"), opts)).kind, "skipped");
    assert.equal(server.requests.length, count);
  });
  it("a logged-out home is a failure that says so", async () => {
    const outcome = await fetchCodexUsage(home({}), server.url("/never"), opts);
    assert.match(outcome.kind === "failed" ? outcome.failure.message : "", /^not logged in: .*auth\.json holds no ChatGPT login$/);
  });
});
