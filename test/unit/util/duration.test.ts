import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatDuration } from "../../../src/util/duration.ts";

describe("ages and turn timers", () => {
  const turns: Array<[number, string]> = [[5_000, "5s"], [92_000, "1m32s"], [65_000, "1m05s"], [3_900_000, "1h05m"]];
  for (const [ms, text] of turns) it(`turn ${ms} ms → ${text}`, () => assert.equal(formatDuration(ms), text));
});
