import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callInChild } from "../../../helpers/in-child.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-transcript-"));
after(() => rmSync(root, { recursive: true, force: true }));

describe("readRecords: a whole transcript", () => {
  it("reads a transcript's records; one that is a link to /dev/zero is none, not read", () => {
    writeFileSync(join(root, "s.jsonl"), '{"type":"user","uuid":"a","parentUuid":null}\n{"type":"assistant","uuid":"b","parentUuid":"a"}\n');
    symlinkSync("/dev/zero", join(root, "zero.jsonl"));
    // In a child: the old reader read /dev/zero whole (and only then compared its size to the cap) until memory ran out.
    const [whole, zero] = callInChild("backends/claude/transcript.ts", "readRecords", [[join(root, "s.jsonl")], [join(root, "zero.jsonl")]]);
    assert.deepEqual((whole as { value: Array<{ uuid: string }> }).value.map((r) => r.uuid), ["a", "b"]);
    assert.deepEqual(zero, { value: null });
  });
});
