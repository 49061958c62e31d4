import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { TestServer } from "../helpers/tmux-server.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";

/** Every routing decision is followed by a refresh of the pool's readings (not waiting out usage.interval). */
describe("a routing decision refreshes the pool's readings", () => {
  let usage: FakeUsageServer;
  let server: TestServer;
  const fetches = (token: string) => usage.requests.filter((q) => q.headers["authorization"] === `Bearer ${token}`).length;
  before(async () => {
    usage = await startFakeUsageServer();
    usage.answer("/claude", { status: 200, body: { five_hour: { utilization: 12, resets_at: "2030-01-01T00:00:00Z" }, seven_day: { utilization: 34, resets_at: "2030-01-05T00:00:00Z" } } });
    server = new TestServer();
    // An hour between polls: within the test only a refresh fetches a member twice.
    claudeAccounts(server, ["a", "b"], {
      backends: { claude: { accounts: { a: { home: "~/.claude-a", pool: "team" }, b: { home: "~/.claude-b", pool: "team" } } } },
      usage: { interval: 3600, claude: { url: usage.url("/claude") } },
    });
    await server.start();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    try { await server.stop(); } finally { await usage.close(); }
  });

  it("new --account POOL: the daemon fetches every member again after the decision", async () => {
    const first = await server.cli(["new", "--backend", "claude", "--account", "team", "--dir", server.work, "--detached"]);
    assert.equal(first.exitCode, 0, String(first.stderr));
    await server.waitFor("both members read once", () => fetches("tok-a") >= 1 && fetches("tok-b") >= 1, 15_000);
    const before = { a: fetches("tok-a"), b: fetches("tok-b") };
    const second = await server.cli(["new", "--backend", "claude", "--account", "team", "--dir", server.work, "--detached"]);
    assert.equal(second.exitCode, 0, String(second.stderr));
    await server.waitFor("both members read again", () => fetches("tok-a") > before.a && fetches("tok-b") > before.b, 15_000);
  });

  it("an account that is not a pool is no routing decision: nothing is fetched again", async () => {
    const before = { a: fetches("tok-a"), b: fetches("tok-b") };
    const r = await server.cli(["new", "--backend", "claude", "--account", "a", "--dir", server.work, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    // A refresh would be asked for before new returns, and fetched within a moment.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual({ a: fetches("tok-a"), b: fetches("tok-b") }, before);
  });
});
