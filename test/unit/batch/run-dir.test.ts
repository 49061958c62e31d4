import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createRunDir, outputFileName, runDirName, writeOutput } from "../../../src/batch/run-dir.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-run-dir-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe("run directories", () => {
  it("are named by their UTC start time and the verb", () => {
    assert.equal(runDirName(new Date("2026-12-01T20:30:05.123Z"), "batch"), "2026-12-01T20-30-05Z-batch");
  });

  it("number the outputs 001.json …", () => {
    assert.deepEqual([1, 12, 999, 1000].map(outputFileName), ["001.json", "012.json", "999.json", "1000.json"]);
  });

  it("never reuse a directory started in the same second", () => {
    const at = new Date("2026-12-01T20:30:05Z");
    const a = createRunDir(join(tmp, "batch"), "audit", at);
    const b = createRunDir(join(tmp, "batch"), "audit", at);
    assert.equal(basename(a), "2026-12-01T20-30-05Z-audit");
    assert.equal(basename(b), "2026-12-01T20-30-05Z-audit-2");
    assert.equal(statSync(a).mode & 0o777, 0o700);
    assert.equal(writeOutput(b, 3, "{\"raw\": true}\n"), "003.json");
    assert.equal(readFileSync(join(b, "003.json"), "utf8"), "{\"raw\": true}\n");
  });
});
