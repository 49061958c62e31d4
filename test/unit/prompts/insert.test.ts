import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { entryById, insertPrompt } from "../../../src/prompts/insert.ts";
import { entryId, loadCapture, pendingEntries, updateCapture } from "../../../src/prompts/store.ts";
import type { CapturedEntry } from "../../../src/prompts/format.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-prompts-insert-"));
after(() => rmSync(root, { recursive: true, force: true }));
const session = { name: "api", pane: "%13", backend: "claude", account: "a", dir: "/src/api", instance: "" };
const entry = (body: string): CapturedEntry => ({ time: "2026-12-01 20:30", title: body.split("\n")[0] ?? "", body });

/** A Tmux that records what was typed where (or fails to type). */
function fakeTmux(fail = false) {
  const typed: Array<[string, string, string]> = [];
  const tmux = {
    sendLiteral: async (pane: string, text: string) => { if (fail) throw new Error("no pane"); typed.push(["literal", pane, text]); },
    paste: async (pane: string, text: string) => { if (fail) throw new Error("no pane"); typed.push(["paste", pane, text]); },
    sendKeys: async () => assert.fail("Enter pressed"),
  } as unknown as Tmux;
  return { tmux, typed };
}

const bodies = () => pendingEntries(loadCapture(session, root)).map((e) => e.body);

describe("inserting a captured prompt", () => {
  it("with nothing pending: an error naming how to capture one", async () => {
    await assert.rejects(insertPrompt(fakeTmux().tmux, { session, choice: { kind: "first" }, stateDir: root }), /api has no captured prompts/);
  });

  it("types the chosen body without Enter, then removes just that entry", async () => {
    updateCapture(session, (e) => ({ entries: [...e, entry("one"), entry(""), entry("two\nlines"), entry("three")], result: null }), { stateDir: root });
    const { tmux, typed } = fakeTmux();
    const asked: string[][] = [];
    const got = await insertPrompt(tmux, { session, stateDir: root, choice: { kind: "ask", ask: async (entries) => { asked.push(entries.map((e) => e.body)); return entries[1]; } } });
    assert.equal(got?.body, "two\nlines");
    assert.deepEqual(asked, [["one", "two\nlines", "three"]], "only pending entries are offered");
    assert.deepEqual(typed, [["paste", "%13", "two\nlines"]]);
    assert.deepEqual(bodies(), ["one", "three"]);
    assert.equal(loadCapture(session, root).entries.length, 3, "the empty entry stays");
  });

  it("--first takes the oldest, --pick an id or its unique prefix", async () => {
    const { tmux, typed } = fakeTmux();
    await insertPrompt(tmux, { session, stateDir: root, choice: { kind: "first" } });
    assert.deepEqual(typed, [["literal", "%13", "one"]]);
    const [three] = pendingEntries(loadCapture(session, root));
    updateCapture(session, (e) => ({ entries: [...e, entry("four")], result: null }), { stateDir: root });
    await insertPrompt(tmux, { session, stateDir: root, choice: { kind: "id", id: entryId(three!).slice(0, 5) } });
    assert.deepEqual(bodies(), ["four"]);
    assert.throws(() => entryById([entry("x")], "zzzz"), /no captured prompt zzzz pending/);
  });

  it("a single entry is taken without asking; a cancelled question types nothing", async () => {
    const { tmux, typed } = fakeTmux();
    updateCapture(session, (e) => ({ entries: [...e, entry("five")], result: null }), { stateDir: root });
    assert.equal(await insertPrompt(tmux, { session, stateDir: root, choice: { kind: "ask", ask: async () => undefined } }), undefined);
    assert.deepEqual(typed, []);
    await insertPrompt(tmux, { session, stateDir: root, choice: { kind: "first" } });
    await insertPrompt(tmux, { session, stateDir: root, choice: { kind: "ask", ask: () => assert.fail("asked") } });
    assert.deepEqual(typed.map((t) => t[2]), ["four", "five"]);
  });

  it("a typing that fails keeps the entry", async () => {
    updateCapture(session, (e) => ({ entries: [...e, entry("kept")], result: null }), { stateDir: root });
    await assert.rejects(insertPrompt(fakeTmux(true).tmux, { session, stateDir: root, choice: { kind: "first" } }), /no pane/);
    assert.deepEqual(bodies(), ["kept"]);
  });
});
