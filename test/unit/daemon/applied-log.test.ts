import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppliedLog } from "../../../src/daemon/applied-log.ts";

describe("applied log", () => {
  it("remembers applied files across a restart until a drain clears them", () => {
    const dir = mkdtempSync(join(tmpdir(), "applied-"));
    const file = join(dir, "spool.applied");
    const log = new AppliedLog(file);
    log.mark("%1.5.Stop.evt 77");
    log.close(); // killed before the file was removed
    const restarted = new AppliedLog(file);
    assert.equal(restarted.appliedBefore("%1.5.Stop.evt 78"), false, "same name, another file");
    assert.equal(restarted.appliedBefore("%1.5.Stop.evt 77"), true);
    assert.equal(restarted.appliedBefore("%1.5.Stop.evt 77"), false, "once");
    restarted.mark("%1.6.Stop.evt 79");
    restarted.clear();
    restarted.close();
    assert.equal(new AppliedLog(file).appliedBefore("%1.6.Stop.evt 79"), false);
    rmSync(dir, { recursive: true });
  });
});
