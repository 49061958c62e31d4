import { afterEach, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeMirror, writeMirror } from "../../../src/daemon/mirror.ts";

describe("the state mirror the hook script reads", () => {
  let dir = "";
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "agentmux-mirror-")); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("holds the state and the token hash in one line, readable by the user only, replaced on each write", () => {
    writeMirror(dir, "%61", "working", "9f86d08188");
    assert.equal(readFileSync(join(dir, "%61"), "utf8"), "working 9f86d08188\n");
    assert.equal(statSync(join(dir, "%61")).mode & 0o777, 0o600);
    writeMirror(dir, "%61", "waiting", "");
    assert.equal(readFileSync(join(dir, "%61"), "utf8"), "waiting -\n", "a pane without a token says -");
  });

  it("a write that fails removes the old mirror, so the script sends its events again", (t) => {
    writeMirror(dir, "%61", "working", "abc");
    // The write goes through a temporary sibling named by pid and time: a directory in its place makes it fail.
    t.mock.timers.enable({ apis: ["Date"], now: 1_700_000_000_000 });
    mkdirSync(join(dir, `.%61.${process.pid}.1700000000000.tmp`));
    writeMirror(dir, "%61", "idle", "abc");
    assert.equal(existsSync(join(dir, "%61")), false);
  });

  it("removing a mirror that is not there is no error", () => {
    writeMirror(dir, "%62", "idle", "t");
    removeMirror(dir, "%62");
    removeMirror(dir, "%62");
    assert.equal(existsSync(join(dir, "%62")), false);
  });
});
