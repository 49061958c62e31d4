import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { declaredState, NOTHING, stringField } from "../../../../src/backends/shared/hook-meaning.ts";

describe("declaredState: agentmux hook STATE", () => {
  const rows: Array<[string, string | undefined]> = [
    ["idle", "idle"], ["working", "activity"], ["blocked", "blocked"], ["done", "stop"], ["exited", "exited"],
  ];
  for (const [state, kind] of rows) {
    it(`"${state}" is one ${String(kind)} event`, () => assert.deepEqual(declaredState(state).events, [{ kind }]));
  }
  it("an unknown state means nothing (no event, no session)", () => {
    for (const state of ["", "Idle", "waiting", "done "]) assert.deepEqual(declaredState(state), NOTHING);
  });
});

describe("stringField", () => {
  it("only a non-empty string counts", () => {
    const payload = { a: "x y", b: "", c: 3, d: null, e: ["x"] };
    assert.equal(stringField(payload, "a"), "x y");
    for (const key of ["b", "c", "d", "e", "missing"]) assert.equal(stringField(payload, key), undefined, key);
  });
});
