import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { nextNeedingYou, type NextCandidate } from "../../../src/session/next.ts";

const s = (pane: string, state: NextCandidate["state"], snoozed = false): NextCandidate => ({ pane, state, snoozed });

describe("next: the next session waiting for you", () => {
  const order = [s("%1", "waiting"), s("%2", "working"), s("%3", "blocked"), s("%4", "waiting", true), s("%5", "unknown"), s("%6", "waiting")];
  const rows: Array<[string, string | undefined, string | null]> = [
    ["from outside any session: the first", undefined, "%1"],
    ["from a waiting one: the next after it", "%1", "%3"],
    ["skips snoozed and unknown", "%3", "%6"],
    ["wraps around at the end", "%6", "%1"],
    ["from a session that does not need you", "%2", "%3"],
  ];
  for (const [what, from, expected] of rows) it(what, () => assert.equal(nextNeedingYou(order, from)?.pane ?? null, expected));
  it("cycles through every one in turn", () => {
    const seen: string[] = [];
    let at: string | undefined;
    for (let i = 0; i < 4; i++) { at = nextNeedingYou(order, at)?.pane; seen.push(at ?? "-"); }
    assert.deepEqual(seen, ["%1", "%3", "%6", "%1"]);
  });
  it("the only one needing you is the answer again; none is null", () => {
    assert.equal(nextNeedingYou([s("%1", "waiting"), s("%2", "idle")], "%1")?.pane, "%1");
    assert.equal(nextNeedingYou([s("%1", "idle"), s("%2", "waiting", true)], undefined), null);
    assert.equal(nextNeedingYou([], undefined), null);
  });
});
