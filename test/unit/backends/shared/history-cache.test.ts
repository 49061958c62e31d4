import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileCache } from "../../../../src/backends/shared/history-cache.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-file-cache-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe("FileCache", () => {
  it("reads a file again only when its mtime or size changed", () => {
    const cache = new FileCache<number>();
    const file = join(tmp, "a.jsonl");
    writeFileSync(file, "one\n");
    let reads = 0;
    const read = () => ++reads;
    assert.equal(cache.get(file, read), 1);
    assert.equal(cache.get(file, read), 1);
    writeFileSync(file, "one\ntwo\n");
    assert.equal(cache.get(file, read), 2);
    utimesSync(file, new Date(1000), new Date(1000));
    assert.equal(cache.get(file, read), 3);
    assert.throws(() => cache.get(join(tmp, "gone"), read), /ENOENT/);
  });
});
