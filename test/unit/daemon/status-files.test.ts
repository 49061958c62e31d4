import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NO_CHANNELS } from "../../../src/core/evidence.ts";
import { readStatusFile } from "../../../src/daemon/status-files.ts";
import { INITIAL } from "../../../src/core/state-machine.ts";
import type { Tracked } from "../../../src/daemon/tracked.ts";
import { tokenHash } from "../../../src/util/token.ts";

describe("Claude status line and screen", () => {
  it("a turn begun outside the hooks is seen through a new prompt_id, unless it already ended", () => {
    const dir = mkdtempSync(join(tmpdir(), "status-"));
    const t: Tracked = { pane: "%4", backend: "claude", tokenHash: tokenHash("tok"), id: "", dir: "/", machine: { ...INITIAL, state: "waiting" }, promptIds: ["p1"], lastPromptSeen: "", lastEventAt: 0, channels: NO_CHANNELS, raisedBy: null, decided: null, lastStopAt: 0, lastStopPromptId: "", statusMtime: 0, tornDown: false, panePid: 0, record: {} as never, exitStatus: null, killed: false, suppressed: false, launch: {} };
    const tracked = new Map([["%4", t]]);
    const write = (promptId: string) => writeFileSync(join(dir, "%4.tok.json"), JSON.stringify({ session_id: "s1", prompt_id: promptId }));
    write("p1");
    assert.equal(readStatusFile(dir, "%4.tok.json", tracked)?.event, undefined, "first reading only records");
    write("p2");
    assert.equal(readStatusFile(dir, "%4.tok.json", tracked)?.event?.kind, "activity", "no hook named p2");
    t.machine = { ...INITIAL, state: "waiting" };
    t.lastStopPromptId = "p3";
    write("p3");
    assert.equal(readStatusFile(dir, "%4.tok.json", tracked)?.event, undefined, "p3 began and ended between readings");
    assert.equal(readStatusFile(dir, "%4.other.json", tracked), null, "another process's file is ignored");
  });
});
