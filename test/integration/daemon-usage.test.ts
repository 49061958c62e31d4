import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";

/** The daemon's usage poller reads the quota of every account with a live session. */
describe("usage polling in the daemon", () => {
  let usage: FakeUsageServer;
  let server: TestServer;
  before(async () => {
    usage = await startFakeUsageServer();
    usage.answer("/claude", { status: 200, body: { five_hour: { utilization: 12, resets_at: "2030-01-01T00:00:00Z" }, seven_day: { utilization: 34, resets_at: "2030-01-05T00:00:00Z" } } });
    server = new TestServer();
    claudeAccounts(server, ["work"], {
      backends: { claude: { accounts: { work: "~/.claude-work" } } },
      usage: { claude: { url: usage.url("/claude") } },
    });
    await server.start();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    try { await server.stop(); } finally { await usage.close(); }
  });

  it("a session under an account makes the daemon fetch that account's usage with its token", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--account", "work", "--dir", server.work]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const cache = join(server.home, "state", "usage", "readings.json");
    await server.waitFor("a reading cached", () => existsSync(cache) && readFileSync(cache, "utf8").includes("work"), 15_000);
    assert.ok(usage.requests.some((q) => q.headers["authorization"] === "Bearer tok-work"), "the account's own token");
    const table = await server.cli(["usage", "--json"]);
    assert.match(String(table.stdout), /"weeklyPct": 34/);
  });
});
