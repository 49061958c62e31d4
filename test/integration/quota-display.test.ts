import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";

const answer = (session: number, weekly: number) => ({ status: 200, body: { five_hour: { utilization: session, resets_at: "2030-01-01T00:00:00Z" }, seven_day: { utilization: weekly, resets_at: "2030-01-05T00:00:00Z" } } });

/** display.quota: the status segment shows the selected account's remaining quota, and the switcher each session's. */
describe("quota display", () => {
  let usage: FakeUsageServer;
  const server = new TestServer();
  const status = async () => String((await server.tmux(["show-option", "-gqv", "@agentmux-status"])).stdout);

  before(async () => {
    usage = await startFakeUsageServer();
    usage.answer("/claude", answer(12, 34));
    claudeAccounts(server, ["solo", "other"], {
      backends: { claude: { accounts: { solo: "~/.claude-solo", other: "~/.claude-other" } } },
      display: { quota: true },
      usage: { claude: { url: usage.url("/claude") } },
    });
    await server.start();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    try { await server.stop(); } finally { await usage.close(); }
  });

  it("the segment shows the selected account's remaining quota, and follows a new selection once its reading arrives", async () => {
    assert.equal((await server.cli(["account", "select", "claude", "solo"])).exitCode, 0);
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    // 100 − max(12, 34)
    await server.waitFor("solo's quota in the segment", async () => (await status()).includes("claude:solo 66%"), 15_000);
    usage.answer("/claude", answer(50, 20));
    assert.equal((await server.cli(["account", "select", "claude", "other"])).exitCode, 0);
    // The selected account is polled (no session runs under it), and its reading redraws the segment.
    await server.waitFor("other's quota in the segment", async () => (await status()).includes("claude:other 50%"), 20_000);
    assert.ok(usage.requests.some((q) => q.headers["authorization"] === "Bearer tok-other"));
    assert.doesNotMatch(await status(), /claude:solo/);
  });

  it("the switcher shows each session's account with its remaining quota", async () => {
    const shell = String((await server.tmux(["new-window", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
    await server.tmux(["send-keys", "-t", shell, `node ${CLI} switch`, "Enter"]);
    await server.waitForScreen(shell, /solo 66%/);
    await server.tmux(["send-keys", "-t", shell, "Escape"]);
  });
});
