import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileLogger } from "../../../src/daemon/log.ts";

describe("the daemon's file logger", () => {
  let dir = "";
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "agentmux-log-")); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("appends one ISO-timestamped line per call to a file only the user can read", () => {
    const file = join(dir, "daemon.log");
    const log = fileLogger(file);
    log("notify: my api asks permission: rm -rf 'build #2'");
    log("%12: working → waiting by turn-ended-on-screen");
    const lines = readFileSync(file, "utf8").split("\n");
    assert.equal(lines.length, 3);
    assert.match(lines[0] ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z notify: my api asks permission: rm -rf 'build #2'$/);
    assert.match(lines[1] ?? "", /Z %12: working → waiting by turn-ended-on-screen$/);
    assert.equal(lines[2], "");
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  it("a log that cannot be written is skipped without an error, and written again once it can be", () => {
    const file = join(dir, "not yet", "daemon.log");
    const log = fileLogger(file);
    log("lost");
    mkdirSync(join(dir, "not yet"));
    log("kept");
    assert.match(readFileSync(file, "utf8"), /^\S+ kept\n$/);
  });
});
