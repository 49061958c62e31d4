import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ageOf, oneLine, orderRows, toneOf, type Row } from "../../../src/switcher/rows.ts";

const row = (patch: Partial<Row>): Row => ({
  pane: "%1", key: "a", icon: "✻", name: "api", account: "", annotation: "", age: "", status: "", stale: false, tone: "plain", ...patch,
});

describe("ages and turn timers", () => {
  it("a working session shows the turn's duration, an unobserved state no age", () => {
    const now = 1_000_000;
    assert.equal(ageOf({ state: "working", stateSince: now - 10_000, turnStart: now - 92_000 }, now), "⏱ 1m32s");
    assert.equal(ageOf({ state: "waiting", stateSince: now - 125_000, turnStart: null }, now), "2m");
    assert.equal(ageOf({ state: "unknown", stateSince: now - 5_000, turnStart: null }, now), "");
    assert.equal(ageOf({ state: "idle", stateSince: null, turnStart: null }, now), "");
  });
});

describe("tones and order", () => {
  const rows: Array<[Parameters<typeof toneOf>[0], string]> = [
    [{ state: "waiting", background: false, snoozed: false }, "waiting"],
    [{ state: "waiting", background: true, snoozed: false }, "background"],
    [{ state: "blocked", background: false, snoozed: false }, "blocked"],
    [{ state: "unknown", background: false, snoozed: false }, "unknown"],
    [{ state: "working", background: false, snoozed: false }, "plain"],
    [{ state: "blocked", background: false, snoozed: true }, "snoozed"],
  ];
  for (const [input, tone] of rows) it(`${JSON.stringify(input)} → ${tone}`, () => assert.equal(toneOf(input), tone));
  it("snoozed sessions come after all the others, each group in key order", () => {
    const ordered = orderRows([row({ key: "a", tone: "snoozed" }), row({ key: "s" }), row({ key: "d", tone: "snoozed" }), row({ key: "f", tone: "waiting" })]);
    assert.deepEqual(ordered.map((r) => r.key), ["s", "f", "a", "d"]);
  });
});

describe("text on one line", () => {
  it("drops C0 and C1 controls (a C1 CSI U+009B starts an escape on some terminals), keeps the rest literally", () => {
    assert.equal(oneLine("a\u009b31mb\u0085c\x1b[0m\n d #[fg=red] é"), "a 31mb c [0m d #[fg=red] é");
  });
});

describe("side conversations nested under their parent", () => {
  it("a side row comes right after its parent's, its name indented; the rest keep key order", () => {
    const ordered = orderRows([
      row({ pane: "%11", key: "a", name: "api" }), row({ pane: "%14", key: "s", name: "side-1 [side]", parent: "%12" }),
      row({ pane: "%12", key: "d", name: "web" }), row({ pane: "%13", key: "f", name: "cli" }),
    ]);
    assert.deepEqual(ordered.map((r) => [r.pane, r.name]), [["%11", "api"], ["%12", "web"], ["%14", "└ side-1 [side]"], ["%13", "cli"]]);
  });
  it("a side whose parent is not listed stays where it was, not indented", () => {
    const ordered = orderRows([row({ pane: "%11", key: "a" }), row({ pane: "%14", key: "s", name: "x [side]", parent: "%9" })]);
    assert.deepEqual(ordered.map((r) => r.name), ["api", "x [side]"]);
  });
});
