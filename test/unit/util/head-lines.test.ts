import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { headLines, visitLines } from "../../../src/util/head-lines.ts";
import { makeFifo } from "../../helpers/fifo.ts";

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

describe("visitLines", () => {
  const lines = (file: string, max: number, stopAfter = Infinity) => {
    const seen: string[] = [];
    visitLines(file, max, (line) => seen.push(line) < stopAfter);
    return seen;
  };

  it("visits each line, a long one whole, a multi-byte character split across chunks intact", () => {
    const long = `${"é".repeat(70_000)}ü`;
    const file = join(tmp, "visit.txt");
    writeFileSync(file, `${long}\n\nsecond\nlast`);
    assert.deepEqual(lines(file, 1 << 20), [long, "", "second", "last"]);
  });

  it("stops when the visitor answers false, and leaves out a line cut by the bound", () => {
    const file = join(tmp, "visit2.txt");
    writeFileSync(file, "one\ntwo\nthree\n");
    assert.deepEqual(lines(file, 1 << 20, 2), ["one", "two"]);
    assert.deepEqual(lines(file, 10), ["one", "two"]);
    assert.deepEqual(lines(file, 3), []);
  });
});

describe("a file that is not a regular file", () => {
  it("a FIFO is refused at once by headLines and visitLines, not waited on", () => {
    const fifo = join(tmp, "fifo");
    const stop = makeFifo(fifo);
    try {
      assert.throws(() => headLines(fifo, 1, 1024), { message: `${fifo} is a FIFO, not a regular file` });
      assert.throws(() => visitLines(fifo, 1024, () => true), { message: `${fifo} is a FIFO, not a regular file` });
    } finally {
      stop();
    }
  });
});
