import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withFileLock } from "../../../src/util/lock-file.ts";

const deadPid = (): number => {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(String(child.stdout));
};

describe("withFileLock", () => {
  it("holds <file>.lock with its pid while fn runs, and removes it after (also when fn throws)", () => {
    const file = join(mkdtempSync(join(tmpdir(), "agentmux-lock-")), "registry.json");
    const seen = withFileLock(file, () => existsSync(`${file}.lock`));
    assert.equal(seen, true);
    assert.equal(existsSync(`${file}.lock`), false);
    assert.throws(() => withFileLock(file, () => { throw new Error("boom"); }), /boom/);
    assert.equal(existsSync(`${file}.lock`), false);
  });

  it("takes over a lock whose process is gone", () => {
    const file = join(mkdtempSync(join(tmpdir(), "agentmux-lock-")), "registry.json");
    writeFileSync(`${file}.lock`, `${deadPid()} ${Date.now()}\n`);
    assert.equal(withFileLock(file, () => 42, { waitMs: 2000 }), 42);
  });

  it("waits for a live holder, then fails naming the lock, its pid and the fix", () => {
    const file = join(mkdtempSync(join(tmpdir(), "agentmux-lock-")), "registry.json");
    writeFileSync(`${file}.lock`, `${process.ppid} ${Date.now()}\n`);
    assert.throws(() => withFileLock(file, () => 1, { waitMs: 100 }), new RegExp(`registry\\.json\\.lock is held by pid ${process.ppid}`));
    assert.equal(existsSync(`${file}.lock`), true, "a live holder's lock is left alone");
  });

  it("takes over a lock older than staleMs even when its pid runs (a reused pid)", () => {
    const file = join(mkdtempSync(join(tmpdir(), "agentmux-lock-")), "registry.json");
    writeFileSync(`${file}.lock`, `${process.ppid} 0\n`);
    assert.equal(withFileLock(file, () => "ok", { waitMs: 2000, staleMs: 0 }), "ok");
  });
});
