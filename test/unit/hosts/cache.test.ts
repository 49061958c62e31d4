import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hostsDir, readSnapshots, touchSnapshot, writeSnapshot } from "../../../src/hosts/cache.ts";
import { emptySnapshot } from "../../../src/hosts/snapshot.ts";

const host = { name: "far", ssh: "far.example" };
const AT = 1_700_000_000_000;

describe("the hosts' cache files", () => {
  it("a touch says a reachable host's time of last data without writing the file; an unreachable host's time is its written one", () => {
    const dir = mkdtempSync(join(tmpdir(), "amx-cache-"));
    try {
      writeSnapshot(dir, { ...emptySnapshot("far"), reachable: true, version: "1.0", lastDataAt: AT });
      const file = join(hostsDir(dir), "far.json");
      const text = readFileSync(file, "utf8");
      const inode = statSync(file).ino;
      touchSnapshot(dir, "far", AT + 30_000);
      assert.equal(readFileSync(file, "utf8"), text, "the contents stay");
      assert.equal(statSync(file).ino, inode, "nothing written beside it and renamed");
      assert.equal(readSnapshots(dir, [host])[0]?.lastDataAt, AT + 30_000);
      // Unreachable: written whole when the link dropped; its file's time is the drop's, not data.
      writeSnapshot(dir, { ...emptySnapshot("far"), reachable: false, error: "gone", lastDataAt: AT + 30_000 });
      touchSnapshot(dir, "far", AT + 90_000);
      assert.equal(readSnapshots(dir, [host])[0]?.lastDataAt, AT + 30_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a FIFO, a symlink, a damaged or a missing file in a host's place says so for that host; the others are read", () => {
    const dir = mkdtempSync(join(tmpdir(), "amx-cache-"));
    try {
      const names = ["ok", "fifo", "link", "damaged", "missing"];
      writeSnapshot(dir, { ...emptySnapshot("ok"), reachable: true, lastDataAt: AT });
      execFileSync("mkfifo", [join(hostsDir(dir), "fifo.json")]);
      symlinkSync(join(hostsDir(dir), "ok.json"), join(hostsDir(dir), "link.json"));
      writeFileSync(join(hostsDir(dir), "damaged.json"), "{\"name\":\"damaged\",");
      const read = readSnapshots(dir, names.map((name) => ({ name, ssh: name })));
      assert.deepEqual(read.map((s) => [s.name, s.reachable, s.error]), [
        ["ok", true, null],
        ["fifo", false, "its cache file is a FIFO, not a regular file"],
        ["link", false, "its cache file is a symlink, not a regular file"],
        ["damaged", false, "its cache file is damaged: the daemon writes it again with the next data"],
        ["missing", false, "no data yet: the agentmux daemon links to it once it runs (agentmux daemon start)"],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
