import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { fuzzyFilter, fuzzyScore, loadFuzzy } from "../../../src/switcher/fuzzy.ts";

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
