import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { TestServer } from "../helpers/tmux-server.ts";
import { globalOption, listJson } from "../helpers/agentmux-session.ts";

describe("agentmux demo", () => {
  const server = new TestServer();
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("starts a private server whose four agents go through their states on their own", async () => {
    const r = await server.cli(["demo", "--no-attach", "--name", server.name]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(String(r.stdout), `the demo runs; attach with: tmux -L ${server.name} attach -t demo`);
    const state = async (name: string) => (await listJson(server)).find((s) => s["name"] === name)?.["state"];
    await server.waitFor("reviewer blocked", async () => (await state("reviewer")) === "blocked", 20_000);
    await server.waitFor("scout idle", async () => (await state("scout")) === "idle", 20_000);
    await server.waitFor("tester working", async () => (await state("tester")) === "working", 20_000);
    await server.waitFor("builder waiting", async () => (await state("builder")) === "waiting", 20_000);
    assert.match(await globalOption(server, "@agentmux-status"), /⚠1/);
    // Answering the reviewer from outside its pane sets it working again.
    await server.cli(["send", "reviewer", "1", "--no-enter"]);
    await server.waitFor("reviewer working", async () => (await state("reviewer")) === "working", 10_000);
    const again = await server.cli(["demo", "--no-attach", "--name", server.name]);
    assert.equal(again.exitCode, 0, "a second run finds the demo running");
    assert.equal((await listJson(server)).length, 4);
  });
});
