import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isSafeId, parseTime, promptLine, PROMPT_LINE_MAX } from "../../../../src/backends/shared/history-text.ts";

describe("promptLine", () => {
  it("puts text on one line and cuts it at PROMPT_LINE_MAX characters (not bytes)", () => {
    assert.equal(promptLine("  fix\n\tthe   bug  "), "fix the bug");
    const cut = promptLine("ü".repeat(300));
    assert.equal([...cut].length, PROMPT_LINE_MAX);
    assert.ok(cut.endsWith("…"));
    assert.equal(promptLine("ü".repeat(PROMPT_LINE_MAX)), "ü".repeat(PROMPT_LINE_MAX));
  });
});

describe("isSafeId", () => {
  it("takes session ids and refuses anything that could be a path", () => {
    assert.ok(isSafeId("4d9f0bab-a45b-4ab5-a0b3-abfff577f31c"));
    for (const bad of ["", ".", "..", "../x", "a/b", "a b", "x\n"]) assert.equal(isSafeId(bad), false, bad);
  });
});

describe("parseTime", () => {
  it("reads ISO times; null for anything else", () => {
    assert.equal(parseTime("2026-03-01T10:00:00.000Z"), Date.parse("2026-03-01T10:00:00.000Z"));
    assert.equal(parseTime("soon"), null);
    assert.equal(parseTime(5), null);
  });
});
