import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Ask } from "../../../src/core/ask.ts";
import type { SessionState } from "../../../src/core/states.ts";
import type { RosterEntry } from "../../../src/session/roster.ts";
import { ageOf, oneLine, orderRows, sectionOf, toneOf, toRow, type Row } from "../../../src/switcher/rows.ts";

const row = (patch: Partial<Row>): Row => ({
  pane: "%1", key: "a", icon: "✻", name: "api", account: "", annotation: "", age: "", status: "", stale: false, tone: "plain", glyph: "○", wants: "", since: null, ...patch,
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
    const ordered = orderRows([row({ key: "a", tone: "snoozed" }), row({ key: "s" }), row({ key: "d", tone: "snoozed" }), row({ key: "g" })]);
    assert.deepEqual(ordered.map((r) => r.key), ["s", "g", "a", "d"]);
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

const NOW = 1_000_000_000;
const entry = (patch: Partial<RosterEntry>): RosterEntry => ({
  pane: "%1", key: "a", backend: "claude", account: "", name: "api", state: "idle", stateSince: NOW - 60_000, status: "",
  statusStale: false, background: false, snoozed: false, snoozeUntil: null, turnStart: null, side: "", parent: "", ask: null, ...patch,
} as unknown as RosterEntry);
const ask = (summary: string): Ask => ({ kind: "permission", summary, text: [summary], options: ["Yes", "No"], dialog: "d1", source: "hook", at: NOW });

describe("the state column: a glyph per state, beside the colour", () => {
  const table: Array<[SessionState, boolean, string]> = [
    ["blocked", false, "⚠"], ["waiting", false, "●"], ["waiting", true, "◍"], ["working", false, "◐"],
    ["idle", false, "○"], ["exited", false, "✕"], ["closing", false, "◌"], ["unknown", false, "?"],
  ];
  for (const [state, background, glyph] of table) {
    it(`${state}${background ? " with background work" : ""} → ${glyph}`, () => assert.equal(toRow(entry({ state, background }), "", NOW).glyph, glyph));
  }
  it("a snoozed session keeps its state's glyph", () => assert.equal(toRow(entry({ state: "blocked", snoozed: true }), "", NOW).glyph, "⚠"));
});

describe("what it wants or said", () => {
  it("is the Ask's summary on one line, empty without an Ask", () => {
    assert.equal(toRow(entry({ state: "blocked", ask: ask("Bash:\n  touch /tmp/x\t\u009b31m") }), "", NOW).wants, "Bash: touch /tmp/x 31m");
    assert.equal(toRow(entry({ state: "waiting", ask: { ...ask("Done: the tests pass"), kind: "answer" } }), "", NOW).wants, "Done: the tests pass");
    assert.equal(toRow(entry({ state: "working" }), "", NOW).wants, "");
  });
});

describe("sections: the inbox first, most urgent first", () => {
  const sections: Array<[Row["tone"], string]> = [
    ["blocked", "inbox"], ["waiting", "inbox"], ["background", "inbox"], ["plain", "rest"], ["unknown", "rest"], ["exited", "rest"], ["snoozed", "snoozed"],
  ];
  for (const [tone, section] of sections) it(`${tone} → ${section}`, () => assert.equal(sectionOf({ tone }), section));

  it("blocked before waiting, then the longest waiting; the rest in key order; the snoozed last", () => {
    const rows = [
      entry({ pane: "%1", key: "a", state: "working" }),
      entry({ pane: "%2", key: "s", state: "waiting", stateSince: NOW - 10_000 }),
      entry({ pane: "%3", key: "d", state: "blocked", stateSince: NOW - 5_000 }),
      entry({ pane: "%4", key: "f", state: "waiting", stateSince: NOW - 90_000, background: true }),
      entry({ pane: "%5", key: "g", state: "blocked", stateSince: NOW - 50_000 }),
      entry({ pane: "%6", key: "h", state: "blocked", stateSince: NOW - 500_000, snoozed: true }),
      entry({ pane: "%7", key: "j", state: "idle" }),
      entry({ pane: "%8", key: "k", state: "waiting", stateSince: null }),
    ].map((e) => toRow(e, "", NOW));
    assert.deepEqual(orderRows(rows).map((r) => r.key), ["g", "d", "f", "s", "k", "a", "j", "h"]);
  });
  it("a side conversation nests under its parent only within one section", () => {
    const ordered = orderRows([
      row({ pane: "%11", key: "a", name: "api", tone: "waiting", since: 5 }), row({ pane: "%14", key: "s", name: "side [side]", parent: "%11", tone: "waiting", since: 9 }),
      row({ pane: "%12", key: "d", name: "web", tone: "blocked", since: 7 }), row({ pane: "%15", key: "f", name: "side2 [side]", parent: "%12" }),
    ]);
    assert.deepEqual(ordered.map((r) => r.name), ["web", "api", "└ side [side]", "side2 [side]"]);
  });
});
