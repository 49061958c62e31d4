import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { inboxAsk, notesOf } from "../helpers/notes.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { globalOption, listJson } from "../helpers/agentmux-session.ts";

describe("agentmux demo", () => {
  const server = new TestServer();
  const told = notesOf(join(server.home, "notified.txt"), 20_000);
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("starts a private server whose four agents go through their states on their own", async () => {
    writeConfig(server.home, { notify: { command: told.command } });
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
    const reviewer = await inboxAsk(server, "reviewer", 20_000, (a) => a.options.length > 0);
    assert.equal(reviewer?.kind, "permission");
    assert.match(reviewer?.summary ?? "", /git push --force-with-lease/);
    assert.deepEqual(reviewer?.options.map((o) => o.replace(/^\d+\.\s*/, "")), ["Yes", "No"]);
    const builder = await inboxAsk(server, "builder", 20_000, (a) => a.kind === "answer");
    assert.match(builder?.summary ?? "", /: done\.$/);
    assert.equal(await told.waitForNote(server, /^reviewer asks permission: /), `reviewer asks permission: ${reviewer?.summary}`);
    await told.waitForNote(server, /^builder finished: /);
    // Answering the reviewer from outside its pane sets it working again.
    await server.cli(["send", "reviewer", "1", "--no-enter"]);
    await server.waitFor("reviewer working", async () => (await state("reviewer")) === "working", 10_000);
    const again = await server.cli(["demo", "--no-attach", "--name", server.name]);
    assert.equal(again.exitCode, 0, "a second run finds the demo running");
    assert.equal((await listJson(server)).length, 4);
  });
});
