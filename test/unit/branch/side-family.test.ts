import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { describePane, openSides, parentOf, sideRows, sidesOf, toggleTarget } from "../../../src/branch/side-family.ts";
import type { NamedSession } from "../../../src/session/store.ts";

type S = Pick<NamedSession, "pane" | "name" | "side" | "parent" | "dead" | "startedAt" | "state">;
const s = (pane: string, patch: Partial<S> = {}): S => ({ pane, name: `n${pane}`, side: "", parent: "", dead: false, startedAt: 1000, state: "idle", ...patch });

const parent = s("%12", { name: "web app", state: "working" });
const older = s("%13", { side: "1", parent: "%12", startedAt: 2000 });
const newer = s("%14", { side: "1", parent: "%12", startedAt: 3000 });
const orphan = s("%15", { side: "1", parent: "%9", startedAt: 1500 });
const resumed = s("%16", { side: "1", parent: "", startedAt: 1600 });
const closed = s("%17", { side: "1", parent: "%12", startedAt: 4000, dead: true });
const all = [parent, older, newer, orphan, resumed, closed];
const keys = { table: "C-b e", toggle: "b", conclude: "q", sendSelection: "r", dismiss: "k" };

describe("side family", () => {
  it("a parent's open sides, newest first (an exited one left out)", () => {
    assert.deepEqual(sidesOf("%12", all).map((x) => x.pane), ["%14", "%13"]);
  });

  it("a side's parent while it is open; null when it is gone or unknown", () => {
    assert.equal(parentOf(older, all)?.pane, "%12");
    assert.equal(parentOf(orphan, all), null);
    assert.equal(parentOf(resumed, all), null);
    assert.equal(parentOf(older, [older, { ...parent, dead: true }]), null);
  });

  it("toggle: a side goes to its parent, a parent to its newest side", () => {
    assert.equal(toggleTarget(older, all).pane, "%12");
    assert.equal(toggleTarget(parent, all).pane, "%14");
  });

  it("toggle refuses where there is nowhere to go, saying why", () => {
    assert.throws(() => toggleTarget(orphan, all), /its parent %9 is gone/);
    assert.throws(() => toggleTarget(resumed, all), /resumed on its own/);
    assert.throws(() => toggleTarget(s("%20"), all), /no side conversation open/);
  });

  it("list: every open side, its parent (or gone), the parent's state, how long it has been open", () => {
    const rows = sideRows(all, 63_000);
    assert.deepEqual(rows.map((r) => [r.pane, r.parentName, r.parentState]), [["%14", "web app", "working"], ["%13", "web app", "working"], ["%16", "(gone)", "gone"], ["%15", "(gone)", "gone"]]);
    assert.equal(rows[0]?.openMs, 60_000);
    assert.equal(openSides(all).length, 4);
  });

  it("describe: a side of X with the keys back, a parent with N sides, neither", () => {
    assert.match(describePane(older, all, keys), /is a side conversation of web app \(%12, working\).*C-b e b goes back.*C-b e q hands a summary back.*C-b e k closes it/);
    assert.match(describePane(orphan, all, keys), /parent is gone/);
    assert.match(describePane(parent, all, keys), /with 2 side conversations open: n%14 \(%14\), n%13 \(%13\)/);
    assert.match(describePane(s("%30"), all, keys), /no side conversation open/);
    assert.match(describePane(null, all, keys), /not a conversation; 4 side conversations are open/);
  });
});
