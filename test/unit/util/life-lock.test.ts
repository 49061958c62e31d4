import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockHolder, takeLifeLock } from "../../../src/util/life-lock.ts";
import { pidAlive, processStart } from "../../../src/util/proc.ts";

const dir = mkdtempSync(join(tmpdir(), "agentmux-life-lock-"));
/** A pid that ran and is gone. */
const deadPid = (): number => spawnSync("true").pid ?? 999_999;

describe("a lock held for a process's life", () => {
  it("is taken, names its holder with pid and start time, and is released by its holder only", () => {
    const path = join(dir, "a.pid");
    const lock = takeLifeLock(path);
    assert.ok("release" in lock);
    assert.equal(readFileSync(path, "utf8"), `${process.pid} ${processStart(process.pid)}\n`);
    assert.equal(lockHolder(path), process.pid);
    assert.deepEqual(takeLifeLock(path), { holder: process.pid });
    lock.release();
    assert.equal(existsSync(path), false);
  });

  it("a holder that died is taken over", () => {
    const path = join(dir, "b.pid");
    writeFileSync(path, `${deadPid()} 123\n`);
    assert.equal(lockHolder(path), null);
    const lock = takeLifeLock(path);
    assert.ok("release" in lock);
    assert.equal(lockHolder(path), process.pid);
    lock.release();
  });

  it("a pid given out again (a live pid with another start time) is not the holder", () => {
    const path = join(dir, "c.pid");
    writeFileSync(path, `${process.pid} 1\n`);
    assert.equal(lockHolder(path), null);
    assert.ok("release" in takeLifeLock(path));
  });

  it("a live holder is kept, and a lock being written (empty, young) counts as held", () => {
    const live = join(dir, "d.pid");
    writeFileSync(live, `${process.ppid} ${processStart(process.ppid)}\n`);
    assert.deepEqual(takeLifeLock(live), { holder: process.ppid });
    const empty = join(dir, "e.pid");
    writeFileSync(empty, "");
    assert.deepEqual(takeLifeLock(empty), { holder: 0 });
  });

  it("a release does not remove a lock another process took over", () => {
    const path = join(dir, "f.pid");
    const lock = takeLifeLock(path);
    assert.ok("release" in lock);
    writeFileSync(path, `${process.ppid} ${processStart(process.ppid)}\n`);
    lock.release();
    assert.equal(existsSync(path), true);
  });

  it("a holder that is a zombie (killed, never reaped: a container's first process may not reap) is gone", async () => {
    // sh starts a child that exits soon, and becomes (exec) a sleep that never reaps it.
    const parent = spawn("sh", ["-c", "sleep 0.3 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once("data", (d: Buffer) => resolve(String(d).trim()))));
    try {
      let state = "";
      for (let i = 0; i < 500 && state !== "Z"; i++) {
        state = readFileSync(`/proc/${zombie}/stat`, "utf8").split(") ")[1]?.[0] ?? "";
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.equal(state, "Z", "the child became a zombie");
      assert.equal(pidAlive(zombie), false);
      const path = join(dir, "g.pid");
      writeFileSync(path, `${zombie} ${processStart(zombie)}\n`);
      assert.ok("release" in takeLifeLock(path));
    } finally {
      parent.kill();
    }
  });
});
