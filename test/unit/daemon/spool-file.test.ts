import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spoolDir } from "../../helpers/spool-dir.ts";
import { parseSpoolContent } from "../../../src/daemon/spool.ts";
import { PAYLOAD_MAX, readBounded, salvagePayload } from "../../../src/daemon/spool-file.ts";

describe("spool names and contents", () => {
  it("a payload cut at the cap keeps its leading fields", () => {
    const cut = `{"session_id":"s-1","cwd":"/w \\"q\\"","hook_event_name":"PostToolUse","tool_response":{"stdout":"${"x".repeat(100)}`;
    assert.deepEqual(parseSpoolContent(`agentmux1 PostToolUse %3 t 0\n${cut}`, true)?.payload, { session_id: "s-1", cwd: '/w "q"', hook_event_name: "PostToolUse", agentmux_truncated: true });
    assert.deepEqual(salvagePayload("\x00\x00"), { agentmux_truncated: true });
  });
  it("reads a huge file only up to the cap", () => {
    const { dir } = spoolDir();
    const file = join(dir, "%1.1.Stop.evt");
    writeFileSync(file, `agentmux1 Stop %1 t 0\n{"session_id":"s"${" ".repeat(PAYLOAD_MAX * 3)}}`);
    const read = readBounded(file);
    assert.ok(read.ok);
    assert.equal(read.truncated, true);
    assert.ok(read.content.length <= PAYLOAD_MAX + 4096);
    rmSync(dir, { recursive: true });
  });
});
