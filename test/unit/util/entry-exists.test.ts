import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { entryExists } from "../../../src/util/entry-exists.ts";

describe("entryExists", () => {
  const root = mkdtempSync(join(tmpdir(), "agentmux-entry-"));
  after(() => rmSync(root, { recursive: true, force: true }));

  it("a file, a directory and a link count; a dangling link too; nothing does not", () => {
    const file = join(root, "a file #% «ü»");
    writeFileSync(file, "x");
    mkdirSync(join(root, "dir"));
    symlinkSync(file, join(root, "link"));
    symlinkSync(join(root, "gone"), join(root, "dangling"));
    for (const name of ["a file #% «ü»", "dir", "link", "dangling"]) assert.equal(entryExists(join(root, name)), true, name);
    assert.equal(entryExists(join(root, "gone")), false);
    assert.equal(entryExists(join(root, "gone", "deeper")), false);
  });
});
