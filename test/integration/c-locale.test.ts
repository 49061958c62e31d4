import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { TestServer } from "../helpers/tmux-server.ts";

/** The C locale of an ssh command or a cron job: tmux sends a client that does not say it speaks UTF-8 "_" for every byte outside printable ASCII. */
const C = { LC_ALL: "C", LANG: "C", LC_CTYPE: "C" };

describe("agentmux in the C locale (ssh HOST agentmux …, cron)", () => {
  const server = new TestServer();
  let pane = "";

  before(async () => {
    await server.start();
    const r = await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", "c1", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    assert.equal((await server.cli(["rename", pane, "café%1"])).exitCode, 0);
    await server.cli(["daemon", "stop"]);
  });
  after(async () => {
    await server.cli(["daemon", "stop"], { env: C });
    await server.stop();
  });

  it("list finds the sessions, their unicode names whole", async () => {
    const r = await server.cli(["list", "--json"], { env: C });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const rows = JSON.parse(String(r.stdout)) as Array<{ pane: string; name: string }>;
    assert.deepEqual(rows.map((s) => [s.pane, s.name]), [[pane, "café%1"]]);
  });

  it("a daemon started there tracks them (its control connection reads the same formats)", async () => {
    assert.equal((await server.cli(["daemon", "start"], { env: C })).exitCode, 0);
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"], { env: C })).stdout)) as { sessions?: Array<{ pane: string }> };
    assert.deepEqual(status.sessions?.map((s) => s.pane), [pane]);
  });
});
