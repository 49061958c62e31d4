import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { AgentmuxError } from "../../../src/util/errors.ts";
import { fsFailure, writeFailure } from "../../../src/util/fs-failure.ts";

const sysError = (code: string, path?: string) => Object.assign(new Error(`${code}: something, open '${path ?? ""}'`), { code, syscall: "open", ...(path ? { path } : {}) });

describe("a failed write as agentmux reports it", () => {
  it("names the file, what the system said in words, its code, and the fix", () => {
    const e = writeFailure("/s/allowed.json", sysError("ENOSPC"));
    assert.equal(e.message, "cannot write /s/allowed.json: the disk is full (ENOSPC)");
    assert.match(e.hint ?? "", /free some space/);
    assert.match(writeFailure("/s/x", sysError("EROFS")).message, /read-only \(EROFS\)/);
  });

  it("an unknown code keeps the system's words; an AgentmuxError passes as it is", () => {
    assert.equal(writeFailure("/s/x", sysError("ENOENT")).message, "cannot write /s/x: something, open ''");
    const own = new AgentmuxError("mine");
    assert.equal(writeFailure("/s/x", own), own);
  });

  it("fsFailure words a known filesystem error that names its path, and nothing else", () => {
    assert.equal(fsFailure(sysError("EACCES", "/s/y"))?.message, "cannot write /s/y: permission is denied (EACCES)");
    assert.equal(fsFailure(sysError("EACCES")), null);
    assert.equal(fsFailure(new Error("boom")), null);
  });
});
