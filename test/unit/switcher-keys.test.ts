import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { assignKeys, KEY_SEQUENCE } from "../../src/session/keys.ts";
import { fuzzyFilter, fuzzyScore, loadFuzzy } from "../../src/switcher/fuzzy.ts";
import { parseKeys } from "../../src/switcher/input.ts";
import type { Row } from "../../src/switcher/rows.ts";
import { initialState, press, visibleRows, withRows, type Outcome, type PickerState } from "../../src/switcher/state.ts";
import { firstAnswer } from "../../src/switcher/annotations.ts";

const row = (key: string, name: string, pane = `%${key.charCodeAt(0)}`): Row => ({
  pane, key, icon: "✻", name, account: "", annotation: "", age: "", status: "", stale: false, tone: "plain",
});

describe("switcher keys", () => {
  it("start on the home row and never hand out q or /", () => {
    assert.deepEqual(KEY_SEQUENCE.slice(0, 9), [..."asdfghjkl"]);
    assert.ok(!KEY_SEQUENCE.includes("q" as never) && !KEY_SEQUENCE.includes("/" as never));
    assert.equal(new Set(KEY_SEQUENCE).size, KEY_SEQUENCE.length);
  });
  const cases: Array<[string, Array<[string, string]>, Record<string, string>, Record<string, string>]> = [
    ["new sessions take the first free keys, oldest pane first", [["%10", ""], ["%2", ""]], { "%2": "a", "%10": "s" }, { "%2": "a", "%10": "s" }],
    ["a session keeps its key when an older one ends", [["%3", "s"], ["%4", ""]], { "%3": "s", "%4": "a" }, { "%4": "a" }],
    ["keys held are kept whatever the order", [["%1", "d"], ["%2", "a"], ["%3", ""]], { "%1": "d", "%2": "a", "%3": "s" }, { "%3": "s" }],
    ["a duplicate goes to the older pane; the newer gets a new key", [["%5", "a"], ["%2", "a"]], { "%2": "a", "%5": "s" }, { "%5": "s" }],
    ["a key that is not in the sequence is replaced", [["%1", "q"]], { "%1": "a" }, { "%1": "a" }],
  ];
  for (const [what, sessions, keys, assigned] of cases) {
    it(what, () => {
      const result = assignKeys(sessions.map(([pane, key]) => ({ pane, key })));
      assert.deepEqual(Object.fromEntries(result.keys), keys);
      assert.deepEqual(Object.fromEntries(result.assigned), assigned);
    });
  }
  it("are stable for a session's life: assigning again changes nothing", () => {
    const first = assignKeys([{ pane: "%1", key: "" }, { pane: "%2", key: "" }, { pane: "%3", key: "" }]);
    const again = assignKeys([...first.keys].filter(([p]) => p !== "%1").map(([pane, key]) => ({ pane, key })).concat([{ pane: "%9", key: "" }]));
    assert.deepEqual(Object.fromEntries(again.keys), { "%2": "s", "%3": "d", "%9": "a" });
  });
  it("run out quietly: later sessions get no key", () => {
    const many = Array.from({ length: KEY_SEQUENCE.length + 2 }, (_, i) => ({ pane: `%${i}`, key: "" }));
    const { keys } = assignKeys(many);
    assert.equal(keys.get(`%${KEY_SEQUENCE.length + 1}`), "");
  });
});

// fzf loads on the filter's first key in the switcher; here, before the tests that filter.
before(() => loadFuzzy());

describe("fuzzy filter", () => {
  const rows: Array<[string, string, boolean]> = [
    ["api:review", "arv", true], ["api:review", "rev", true], ["api:review", "xyz", false], ["api:review", "API", false],
    ["API-server", "API", true], ["web", "", true], ["web", "bw", false],
  ];
  for (const [text, query, matches] of rows) {
    it(`${JSON.stringify(query)} ${matches ? "matches" : "does not match"} ${text}`, () => assert.equal(fuzzyScore(text, query) !== null, matches));
  }
  // fzf ranks a-p-i (every letter a word start) above capital (a run inside a word); the
  // hand-written scorer had them the other way round.
  it("ranks word starts and runs first, the earlier match then the order on ties", () => {
    const items = ["warp-api", "api", "a-p-i", "capital", "api2"];
    assert.deepEqual(fuzzyFilter(items, "api", (s) => s), ["api", "api2", "warp-api", "a-p-i", "capital"]);
  });
});

describe("terminal keys", () => {
  const rows: Array<[string, string[]]> = [
    ["a", ["char:a"]], ["\x1b", ["escape"]], ["\x1b[A\x1b[B", ["up", "down"]], ["\x1bOA", ["up"]], ["\r", ["enter"]],
    ["\x7f", ["backspace"]], ["\x03", ["interrupt"]], ["\x15", ["clear"]], ["/ap", ["char:/", "char:a", "char:p"]],
    ["日本", ["char:日", "char:本"]], ["\x1b[5~", []], ["\x0e\x10", ["down", "up"]],
  ];
  for (const [data, keys] of rows) {
    it(JSON.stringify(data), () => assert.deepEqual(parseKeys(data).map((k) => (k.kind === "char" ? `char:${k.ch}` : k.kind)), keys));
  }
});

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
  it("with no sessions any key dismisses it", () => assert.deepEqual(run("a", initialState([])), { kind: "quit" }));
});

describe("annotation answers", () => {
  const rows: Array<[Array<string | null>, string]> = [
    [["first", "second"], "first"], [[null, "  ", "second"], "second"], [["  multi\n line\tanswer  "], "multi line answer"],
    [[null, null], ""], [[], ""],
  ];
  for (const [answers, expected] of rows) it(`${JSON.stringify(answers)} → ${JSON.stringify(expected)}`, () => assert.equal(firstAnswer(answers), expected));
});
