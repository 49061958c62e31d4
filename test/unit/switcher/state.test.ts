import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { loadFuzzy } from "../../../src/switcher/fuzzy.ts";
import { parseKeys } from "../../../src/switcher/input.ts";
import type { Row } from "../../../src/switcher/rows.ts";
import { initialState, press, visibleRows, withRows, type Outcome, type PickerState } from "../../../src/switcher/state.ts";

const row = (key: string, name: string, pane = `%${key.charCodeAt(0)}`): Row => ({
  pane, key, icon: "✻", name, account: "", annotation: "", age: "", status: "", stale: false, tone: "plain", glyph: "○", wants: "", since: null,
});

// fzf loads on the filter's first key in the switcher; here, before the tests that filter.
before(() => loadFuzzy());

describe("switcher state", () => {
  const rows = [row("a", "api"), row("s", "web"), row("d", "docs")];
  const run = (keys: string, state: PickerState = initialState(rows)): Outcome => {
    let outcome: Outcome = { kind: "stay", state };
    for (const key of parseKeys(keys)) {
      if (outcome.kind !== "stay") break;
      outcome = press(outcome.state, key);
    }
    return outcome;
  };
  const stay = (o: Outcome) => { assert.equal(o.kind, "stay"); return (o as { state: PickerState }).state; };
  it("a key jumps at once", () => assert.deepEqual(run("s"), { kind: "jump", pane: rows[1]!.pane }));
  it("Enter takes the highlighted row; arrows move and wrap", () => {
    assert.deepEqual(run("\r"), { kind: "jump", pane: rows[0]!.pane });
    assert.deepEqual(run("\x1b[B\x1b[B\r"), { kind: "jump", pane: rows[2]!.pane });
    assert.deepEqual(run("\x1b[A\r"), { kind: "jump", pane: rows[2]!.pane });
  });
  it("q, Escape and C-c dismiss it; an unassigned key does nothing", () => {
    assert.deepEqual(run("q"), { kind: "quit" });
    assert.deepEqual(run("\x1b"), { kind: "quit" });
    assert.deepEqual(run("\x03"), { kind: "quit" });
    assert.equal(stay(run("z")).cursor, 0);
  });
  it("/ filters fuzzily; keys are text while filtering; Enter takes the best match", () => {
    const state = stay(run("/do"));
    assert.deepEqual(visibleRows(state).map((r) => r.name), ["docs"]);
    assert.deepEqual(run("/we\r"), { kind: "jump", pane: rows[1]!.pane });
  });
  it("Escape leaves the filter, Backspace on an empty filter too", () => {
    assert.equal(stay(run("/do\x1b")).filtering, false);
    assert.equal(stay(run("/\x7f")).filtering, false);
    assert.equal(stay(run("/dx\x7f")).query, "d");
  });
  it("a refresh keeps the highlight on the same session", () => {
    const state = stay(run("\x1b[B"));
    const refreshed = withRows(state, [row("f", "new"), ...rows]);
    assert.equal(visibleRows(refreshed)[refreshed.cursor]?.name, "web");
  });
  it("Tab cycles screen → diff → off when a diff view is offered", () => {
    const offered = initialState(rows, false, true);
    const views = [1, 2, 3].map((n) => stay(run("\t".repeat(n), offered))).map((s) => `${s.preview}:${s.view}`);
    assert.deepEqual(views, ["true:screen", "true:diff", "false:screen"]);
  });
  it("Tab toggles the preview, also while filtering; the highlight and the filter stay", () => {
    assert.equal(stay(run("\t")).preview, true);
    assert.equal(stay(run("\t\t")).preview, false);
    assert.equal(stay(run("\t", initialState(rows, true))).preview, false);
    const filtering = stay(run("/do\t"));
    assert.deepEqual([filtering.preview, filtering.filtering, filtering.query], [true, true, "do"]);
    const moved = stay(run("\x1b[B\t"));
    assert.deepEqual([moved.cursor, moved.preview], [1, true]);
    assert.equal(withRows(moved, rows).preview, true, "a refresh keeps it");
  });
  it("with no sessions any key dismisses it", () => assert.deepEqual(run("a", initialState([])), { kind: "quit" }));
});
