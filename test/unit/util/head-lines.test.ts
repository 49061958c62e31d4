import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { headLines } from "../../../src/util/head-lines.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-branches-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe("headLines", () => {
  it("reads the first line whole however long, and no cut line", () => {
    const long = "a".repeat(200_000);
    const file = join(tmp, "head.txt");
    writeFileSync(file, `${long}\nsecond\nthird`);
    assert.deepEqual(headLines(file, 2, 1 << 20), [long, "second"]);
    assert.deepEqual(headLines(file, 5, 1 << 20), [long, "second", "third"]);
    assert.deepEqual(headLines(file, 5, 1000), [], "a first line longer than the limit is not returned cut");
  });
});
