import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { spoolDir } from "../../helpers/spool-dir.ts";
import { Intake } from "../../../src/daemon/intake.ts";
import type { SpooledEvent } from "../../../src/daemon/spool.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import { tokenHash } from "../../../src/util/token.ts";

const DEAD = 2 ** 22 + 12345; // beyond pid_max: never a live process
const dirs: string[] = [];
after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function record(pane: string, token: string): PaneRecord {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  return { ...fields, pane, backend: "claude", dir: "/home/u/a b #1", tokenHash: tokenHash(token), id: "s1", pid: "4242" };
}

/** An intake over a scratch spool; tmux's panes are `panes`, which reconcile makes the tracked set. */
function intake(panes: PaneRecord[]) {
  const { dir: root, put } = spoolDir();
  dirs.push(root);
  const spool = join(root, "spool");
  mkdirSync(spool);
  const tracked = new Map<string, Tracked>();
  const took: Array<{ t: Tracked; event: SpooledEvent }> = [];
  const lines: string[] = [];
  let reconciles = 0;
  const reconcile = async () => {
    reconciles++;
    for (const r of panes) if (tracked.get(r.pane)?.tokenHash !== r.tokenHash) tracked.set(r.pane, trackedFromPane(r, { replacing: tracked.has(r.pane) }));
  };
  const i = new Intake({
    spool, tracked, stopping: () => false, reconcile, listPanes: async () => panes, setOptions: async () => undefined, alerts: () => null,
    seen: () => undefined,
    hook: async (t, event, applied) => { took.push({ t, event }); applied(); return { changed: false, stateChanged: false, effects: [] }; },
    applied: () => undefined, log: (line) => lines.push(line),
  });
  return { i, tracked, took, lines, reconciles: () => reconciles, put: (name: string, body: string) => put(join("spool", name), body), spool };
}

describe("the intake: an event from a process the daemon does not know in its pane", () => {
  it("a restarted session's first event (a new token; tmux said nothing of the respawn) reads tmux's panes first and is applied to the new process", async () => {
    const panes = [record("%21", "old")];
    const x = intake(panes);
    await x.i.drain();
    assert.equal(x.reconciles(), 0, "nothing to read");
    x.tracked.set("%21", trackedFromPane(panes[0]!));
    // The restart: the pane's process and token replaced in place.
    panes[0] = record("%21", "new");
    x.put(`%21.${DEAD}.SessionStart.evt`, "agentmux1 SessionStart %21 new 0\n{}");
    await x.i.drain();
    x.i.close();
    assert.equal(x.reconciles(), 1);
    assert.deepEqual(x.took.map((e) => [e.t.tokenHash, e.event.event]), [[tokenHash("new"), "SessionStart"]]);
    assert.deepEqual(x.lines.filter((l) => l.includes("dropped")), []);
    assert.equal(x.tracked.get("%21")?.machine.state, "unknown", "the new process starts from nothing known");
    assert.deepEqual(readdirSync(x.spool), [], "taken and removed");
  });

  it("an event with a token no process in the pane holds is still dropped, after one look at tmux", async () => {
    const panes = [record("%22", "mine")];
    const x = intake(panes);
    x.tracked.set("%22", trackedFromPane(panes[0]!));
    x.put(`%22.${DEAD}.Stop.evt`, "agentmux1 Stop %22 forged 0\n{}");
    x.put(`%22.${DEAD + 1}.Stop.evt`, "agentmux1 Stop %22 forged-too 0\n{}");
    await x.i.drain();
    x.i.close();
    assert.equal(x.reconciles(), 1, "one look for the drain, not one per event");
    assert.deepEqual(x.took, []);
    assert.deepEqual(x.lines, ["dropped Stop for %22: wrong token for %22", "dropped Stop for %22: wrong token for %22"]);
    assert.equal(x.tracked.get("%22")?.tokenHash, tokenHash("mine"), "the session keeps its process");
    assert.deepEqual(readdirSync(x.spool), []);
  });

  it("an event of the tracked process reads nothing", async () => {
    const panes = [record("%23", "tok")];
    const x = intake(panes);
    x.tracked.set("%23", trackedFromPane(panes[0]!));
    x.put(`%23.${DEAD}.Stop.evt`, "agentmux1 Stop %23 tok 0\n{}");
    await x.i.drain();
    x.i.close();
    assert.equal(x.reconciles(), 0);
    assert.deepEqual(x.took.map((e) => e.event.event), ["Stop"]);
  });
});
