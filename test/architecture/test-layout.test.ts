import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { layoutLine, testFiles, unitTestLayout } from "../../scripts/test-files.mjs";

/** A scratch tree holding the given files (empty), for the check to read. */
function tree(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "agentmux-layout-"));
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), "");
  }
  return root;
}

describe("the unit tests mirror src/", () => {
  it("every file under test/unit/ is the test of an existing module: test/unit/a/b.test.ts ↔ src/a/b.ts", () => {
    const layout = unitTestLayout();
    assert.deepEqual(layout.orphans, [], "a unit test named after no module of src/ (rename it after the module it tests, or move a whole-tree check to test/architecture/)");
    console.log(layoutLine(layout));
  });

  it("the check sees a test whose module is gone or misplaced, and counts only modules with a test of their own", () => {
    const root = tree([
      "src/core/decide.ts", "src/core/state machine #2.ts", "src/util/text.ts", "src/util/types.d.ts",
      "test/unit/core/decide.test.ts", "test/unit/core/state machine #2.test.ts", "test/unit/decide.test.ts", "test/unit/util/gone.test.ts", "test/unit/util/text.ts",
    ]);
    try {
      const layout = unitTestLayout(root);
      assert.deepEqual(layout.orphans, ["test/unit/decide.test.ts", "test/unit/util/gone.test.ts"]);
      assert.deepEqual(layout.tested, ["src/core/decide.ts", "src/core/state machine #2.ts"]);
      assert.equal(layoutLine(layout), "2 of 3 modules in src/ have a unit test of their own");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("the test scripts run every test file of the given folders, recursively and sorted", () => {
    const root = tree(["test/unit/b.test.ts", "test/unit/a/z.test.ts", "test/unit/a/helper.ts", "test/architecture/x.test.ts"]);
    try {
      assert.deepEqual(testFiles(["test/unit", "test/architecture"], root), ["test/unit/a/z.test.ts", "test/unit/b.test.ts", "test/architecture/x.test.ts"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
