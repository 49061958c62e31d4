import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { guardDecision, guardPendingPrompts } from "../../../src/prompts/guard.ts";
import { updateCapture } from "../../../src/prompts/store.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-prompts-guard-"));
after(() => rmSync(root, { recursive: true, force: true }));
const session = { name: "api #1", backend: "codex", account: "", dir: "/src/api", instance: "" };

describe("the pending-prompts guard (exit, restart, handoff)", () => {
  const table: Array<[number, boolean, boolean, string]> = [
    [0, false, false, "proceed"], [0, false, true, "proceed"], [2, true, false, "proceed"], [2, true, true, "proceed"],
    [2, false, true, "ask"], [1, false, false, "refuse"],
  ];
  for (const [pending, yes, terminal, decision] of table) {
    it(`${pending} pending, --yes ${yes}, terminal ${terminal}: ${decision}`, () => {
      assert.equal(guardDecision(pending, { yes, terminal }), decision);
    });
  }

  it("goes ahead without asking when nothing is pending", async () => {
    await guardPendingPrompts(session, "exit", { yes: false, terminal: true, ask: () => assert.fail("asked"), stateDir: root });
  });

  it("with prompts pending, refuses without a terminal naming the count and --yes, asks at one", async () => {
    const entry = (body: string) => ({ time: "2026-12-01 20:30", title: body, body });
    updateCapture(session, (e) => ({ entries: [...e, entry("one"), entry("two"), entry("")], result: null }), { stateDir: root });
    await assert.rejects(guardPendingPrompts(session, "restart", { yes: false, terminal: false, ask: () => assert.fail("asked"), stateDir: root }),
      (error: Error) => /restart refused: api #1 has 2 captured prompts not inserted yet/.test(error.message) && /--yes/.test((error as Error & { hint?: string }).hint ?? ""));
    const asked: string[] = [];
    await guardPendingPrompts(session, "handoff", { yes: false, terminal: true, ask: async (q) => { asked.push(q); return true; }, stateDir: root });
    assert.deepEqual(asked, ["api #1 has 2 captured prompts not inserted yet. Hand it off anyway?"]);
    await assert.rejects(guardPendingPrompts(session, "exit", { yes: false, terminal: true, ask: async () => false, stateDir: root }), /exit: not done/);
    await guardPendingPrompts(session, "exit", { yes: true, terminal: false, ask: () => assert.fail("asked"), stateDir: root });
  });
});
