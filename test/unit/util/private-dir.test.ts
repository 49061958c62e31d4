import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkPrivateDir, makePrivateDir, ownPrivateFile, tightenOwnDir } from "../../../src/util/private-dir.ts";
import { places } from "../../../src/util/paths.ts";

const scratch = () => mkdtempSync(join(tmpdir(), "agentmux-private-"));
const mode = (path: string) => statSync(path).mode & 0o777;

describe("private runtime directories", () => {
  it("without XDG_RUNTIME_DIR the runtime root is /tmp/agentmux-$UID", () => {
    assert.equal(places({ HOME: "/h" }).runtimeDir, `/tmp/agentmux-${process.getuid?.() ?? 0}`);
    assert.equal(places({ HOME: "/h", XDG_RUNTIME_DIR: "/run/user/7" }).runtimeDir, "/run/user/7/agentmux");
  });

  it("creates a missing directory 0700 whatever the umask", () => {
    const dir = join(scratch(), "new dir #1 ü");
    const old = process.umask(0);
    try { makePrivateDir(dir); } finally { process.umask(old); }
    assert.equal(mode(dir), 0o700);
    assert.equal(checkPrivateDir(dir), true);
    assert.equal(checkPrivateDir(join(dir, "absent")), false, "absent is not refused");
  });

  for (const [name, bits] of [["group-writable", 0o770], ["world-writable", 0o777], ["world-readable", 0o755], ["sticky and open", 0o1777]] as const) {
    it(`refuses a ${name} directory, naming it and the fix`, () => {
      const dir = join(scratch(), "run");
      mkdirSync(dir);
      chmodSync(dir, bits);
      assert.throws(() => makePrivateDir(dir), (e: Error & { hint?: string }) => {
        assert.match(e.message, new RegExp(`^${dir} is open to other users \\(mode 0${(bits & 0o777).toString(8)}\\)`));
        assert.equal(e.hint, `chmod 700 ${dir}, or remove it (rm -rf ${dir})`);
        return true;
      });
    });
  }

  it("refuses a symbolic link or a file in the directory's place", () => {
    const base = scratch();
    const target = join(base, "elsewhere");
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, join(base, "link"));
    assert.throws(() => makePrivateDir(join(base, "link")), /link is not a directory but a symbolic link/);
    writeFileSync(join(base, "file"), "");
    assert.throws(() => checkPrivateDir(join(base, "file")), /file is not a directory but a file/);
  });

  it("the state directory of the user's own is tightened to 0700; the log file to 0600", () => {
    const state = join(scratch(), "state");
    mkdirSync(state, { mode: 0o755 });
    chmodSync(state, 0o755);
    tightenOwnDir(state);
    assert.equal(mode(state), 0o700);
    const log = join(state, "daemon.log");
    writeFileSync(log, "old\n", { mode: 0o644 });
    chmodSync(log, 0o644);
    ownPrivateFile(log);
    assert.equal(mode(log), 0o600);
    const fresh = join(state, "fresh.log");
    ownPrivateFile(fresh);
    assert.equal(mode(fresh), 0o600);
  });
});
