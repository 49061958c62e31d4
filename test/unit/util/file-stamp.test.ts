import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileStamp } from "../../../src/util/file-stamp.ts";

describe("fileStamp", () => {
  it("changes when the file is replaced, even with the same size; none when it is missing", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-stamp-"));
    try {
      const file = join(dir, "registry.json");
      assert.equal(fileStamp(file), "none");
      writeFileSync(file, "{}\n");
      const first = fileStamp(file);
      assert.equal(fileStamp(file), first);
      writeFileSync(join(dir, "next"), "[]\n");
      renameSync(join(dir, "next"), file);
      assert.notEqual(fileStamp(file), first, "another writer's rename: a new inode");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
