import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDiff } from "../../../src/branch/hunks.ts";
import { colourLines } from "../../../src/branch/review-colour.ts";

const DIFF = "diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1,2 +1,2 @@\n keep\n-old \x1b]52;c;eA==\x07\n+new\n";

describe("the review's syntax colour from delta or bat on PATH", () => {
  const dirs: string[] = [];
  afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
  /** A PATH holding only the named fake tools: each colours every line green and also prints an escape of its own that must not survive. */
  const pathWith = (...tools: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-colour-"));
    dirs.push(dir);
    for (const tool of tools) {
      writeFileSync(join(dir, tool), "#!/bin/sh\nexec sed -e 's/^/\\x1b[32m/' -e 's/$/\\x1b[0m\\x1b[2J/'\n");
      chmodSync(join(dir, tool), 0o755);
    }
    return `${dir}:/usr/bin:/bin`;
  };

  it("none on PATH: no colouring", async () => {
    assert.equal(await colourLines(parseDiff(DIFF), { PATH: pathWith() }), null);
  });

  it("bat: each diff line's text coloured, one for one; the file's own escape was made drawable before, the tool's clear-screen dropped", async () => {
    const lines = await colourLines(parseDiff(DIFF), { PATH: pathWith("bat") });
    assert.deepEqual(lines, ["\x1b[32mkeep\x1b[0m", "\x1b[32mold \\e]52;c;eA==\\x07\x1b[0m", "\x1b[32mnew\x1b[0m"]);
  });

  it("delta first when both are there (its sign column dropped)", async () => {
    const lines = await colourLines(parseDiff(DIFF), { PATH: pathWith("delta", "bat") });
    assert.deepEqual(lines, ["\x1b[32mkeep\x1b[0m", "\x1b[32mold \\e]52;c;eA==\\x07\x1b[0m", "\x1b[32mnew\x1b[0m"]);
  });
});
