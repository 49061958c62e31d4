import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Ask, InboxItem } from "../../src/core/ask.ts";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { globalOption, listJson } from "../helpers/agentmux-session.ts";

describe("agentmux demo", () => {
  const server = new TestServer();
  const notified = join(server.home, "notified.txt");
  const notes = () => (existsSync(notified) ? readFileSync(notified, "utf8").split("\n").filter(Boolean) : []);
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("starts a private server whose four agents go through their states on their own", async () => {
    writeConfig(server.home, { notify: { command: `cat >> '${notified}'; echo >> '${notified}'` } });
    const r = await server.cli(["demo", "--no-attach", "--name", server.name]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(String(r.stdout), `the demo runs; attach with: tmux -L ${server.name} attach -t demo`);
    const state = async (name: string) => (await listJson(server)).find((s) => s["name"] === name)?.["state"];
    await server.waitFor("reviewer blocked", async () => (await state("reviewer")) === "blocked", 20_000);
    await server.waitFor("scout idle", async () => (await state("scout")) === "idle", 20_000);
    await server.waitFor("tester working", async () => (await state("tester")) === "working", 20_000);
    await server.waitFor("builder waiting", async () => (await state("builder")) === "waiting", 20_000);
    assert.match(await globalOption(server, "@agentmux-status"), /⚠1/);
    // The demo's agents speak as a CLI does: the inbox reads the reviewer's dialog (what it asks and
    // its options, so y picks "Yes"), and the builder's answer; the notifications say the same.
    const ask = async (name: string) => (JSON.parse(String((await server.cli(["inbox", "--json"])).stdout)) as InboxItem[]).find((i) => i.name === name)?.ask;
    let reviewer: Ask | null | undefined;
    await server.waitFor("the reviewer's dialog read", async () => ((reviewer = await ask("reviewer"))?.options.length ?? 0) > 0, 20_000)
      .catch((e: Error) => { throw new Error(`${e.message}; its ask: ${JSON.stringify(reviewer)}`); });
    assert.equal(reviewer?.kind, "permission");
    assert.match(reviewer?.summary ?? "", /git push --force-with-lease/);
    assert.deepEqual(reviewer?.options.map((o) => o.replace(/^\d+\.\s*/, "")), ["Yes", "No"]);
    let builder: Ask | null | undefined;
    await server.waitFor("the builder's answer", async () => (builder = await ask("builder"))?.kind === "answer", 20_000);
    assert.match(builder?.summary ?? "", /: done\.$/);
    await server.waitFor("both told", () => notes().some((n) => n.startsWith("reviewer asks permission: ")) && notes().some((n) => n.startsWith("builder finished: ")), 20_000)
      .catch((e: Error) => { throw new Error(`${e.message}; told: ${JSON.stringify(notes())}`); });
    assert.equal(notes().find((n) => n.startsWith("reviewer asks permission: ")), `reviewer asks permission: ${reviewer?.summary}`);
    // Answering the reviewer from outside its pane sets it working again.
    await server.cli(["send", "reviewer", "1", "--no-enter"]);
    await server.waitFor("reviewer working", async () => (await state("reviewer")) === "working", 10_000);
    const again = await server.cli(["demo", "--no-attach", "--name", server.name]);
    assert.equal(again.exitCode, 0, "a second run finds the demo running");
    assert.equal((await listJson(server)).length, 4);
  });
});
