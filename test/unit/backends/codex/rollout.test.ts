import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { callInChild } from "../../../helpers/in-child.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-rollout-"));
after(() => rmSync(root, { recursive: true, force: true }));

describe("readRolloutRecords: a whole rollout", () => {
  it("reads a rollout's records; one that is a link to /dev/zero is none, not read", () => {
    writeFileSync(join(root, "r.jsonl"), '{"type":"session_meta","payload":{"id":"x","cwd":"/w"}}\n{"type":"event_msg","payload":{"type":"user_message","message":"hi"}}\n');
    symlinkSync("/dev/zero", join(root, "zero.jsonl"));
    // In a child: the old reader read /dev/zero whole (and only then compared its size to the cap) until memory ran out.
    const [whole, zero] = callInChild("backends/codex/rollout.ts", "readRolloutRecords", [[join(root, "r.jsonl")], [join(root, "zero.jsonl")]]);
    assert.deepEqual((whole as { value: Array<{ type: string }> }).value.map((r) => r.type), ["session_meta", "event_msg"]);
    assert.deepEqual(zero, { value: null });
  });
});
