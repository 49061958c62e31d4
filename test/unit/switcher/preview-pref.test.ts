import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { previewFile, readPreviewPref, writePreviewPref } from "../../../src/switcher/preview-pref.ts";

describe("the preview remembered across openings", () => {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-preview-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("is off when nothing is remembered, then what was last written", () => {
    const file = previewFile(join(dir, "a"));
    assert.equal(file, join(dir, "a", "switcher.json"));
    assert.equal(readPreviewPref(file), false);
    writePreviewPref(true, file);
    assert.equal(readPreviewPref(file), true);
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), { preview: true });
    writePreviewPref(false, file);
    assert.equal(readPreviewPref(file), false);
    assert.deepEqual(readdirSync(join(dir, "a")), ["switcher.json"], "no temporary file left");
  });
  it("a corrupt or foreign file reads as off, is set aside, and warns nothing", () => {
    const file = previewFile(join(dir, "b"));
    writePreviewPref(true, file);
    writeFileSync(file, "{not json");
    const warn = process.stderr.write;
    let warned = "";
    process.stderr.write = ((chunk: string) => { warned += chunk; return true; }) as typeof process.stderr.write;
    try {
      assert.equal(readPreviewPref(file), false);
      writeFileSync(file, JSON.stringify({ preview: "yes" }));
      assert.equal(readPreviewPref(file), false);
    } finally {
      process.stderr.write = warn;
    }
    assert.equal(warned, "");
    assert.ok(readdirSync(join(dir, "b")).some((f) => f.includes("agentmux-corrupt")));
  });
});
