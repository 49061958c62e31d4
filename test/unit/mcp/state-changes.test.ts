import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { stateChanges } from "../../../src/mcp/state-changes.ts";

describe("mcp subscriptions: which sessions' states changed between two pushes of the feed", () => {
  it("the first push is the baseline: nothing changed", () => {
    assert.deepEqual([...stateChanges(null, [{ pane: "%12", state: "working" }]).changed], []);
  });
  it("a new state, a session gone, a session come; the same state is no change", () => {
    const before = stateChanges(null, [{ pane: "%12", state: "working" }, { pane: "%13", state: "waiting" }, { pane: "%14", state: null }]).next;
    const { changed, next } = stateChanges(before, [{ pane: "%12", state: "waiting" }, { pane: "%14", state: null }, { pane: "%15", state: "idle" }]);
    assert.deepEqual([...changed].sort(), ["%12", "%13", "%15"]);
    assert.equal(next.get("%12"), "waiting");
  });
  it("rows without a pane are skipped", () => {
    assert.equal(stateChanges(null, [{ state: "working" }, { pane: 3 }]).next.size, 0);
  });
});
