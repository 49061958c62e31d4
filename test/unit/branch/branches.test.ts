import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { LineagePair } from "../../../src/backends/shared/types.ts";
import { countDescendants } from "../../../src/branch/branches.ts";

describe("countDescendants", () => {
  const p = (id: string, parent: string): LineagePair => ({ id, parent });
  const rows: Array<[string, LineagePair[], number]> = [
    ["no pairs", [], 0],
    ["only unrelated forks", [p("b", "a"), p("c", "b")], 0],
    ["direct forks", [p("f1", "x"), p("f2", "x"), p("u", "y")], 2],
    ["forks of forks", [p("f1", "x"), p("f2", "f1"), p("f3", "f2"), p("u", "y")], 3],
    ["a fork listed twice counts once", [p("f1", "x"), p("f1", "x")], 1],
    ["a cycle back to the session", [p("f1", "x"), p("x", "f1")], 1],
    ["a cycle among descendants", [p("f1", "x"), p("f2", "f1"), p("f1", "f2")], 2],
    ["the session's own parent is not a branch", [p("x", "parent"), p("sibling", "parent")], 0],
  ];
  for (const [what, pairs, expected] of rows) {
    it(what, () => assert.equal(countDescendants(pairs, "x"), expected));
  }
});
