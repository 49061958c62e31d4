import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { callInChild } from "../../helpers/in-child.ts";
import { formatBytes, isFileRefused, KiB, MiB, readOwnFile, readRegularFile, readRegularText } from "../../../src/util/regular-file.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-regular-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    assert.ok(isFileRefused(error), `not a refusal: ${String(error)}`);
    return error.message;
  }
  assert.fail("it was read");
};

describe("readRegularFile", () => {
  it("reads a regular file, and one through a symlink", () => {
    const file = join(tmp, "plain.txt");
    writeFileSync(file, "hello\n");
    symlinkSync(file, join(tmp, "link.txt"));
    assert.equal(readRegularText(file, { maxBytes: KiB }), "hello\n");
    assert.equal(readRegularText(join(tmp, "link.txt"), { maxBytes: KiB }), "hello\n");
    assert.equal(readRegularText(file, { maxBytes: 6 }), "hello\n", "exactly the cap is read");
  });

  it("refuses a symlink to /dev/zero, a FIFO and a directory by what they are, without blocking or reading them", () => {
    const fifo = join(tmp, "fifo");
    execFileSync("mkfifo", [fifo]);
    symlinkSync("/dev/zero", join(tmp, "zero"));
    symlinkSync(fifo, join(tmp, "to-fifo"));
    mkdirSync(join(tmp, "dir"));
    // In a child: the old way (readFileSync) blocks on the FIFO for ever and reads /dev/zero until memory runs out.
    const outcomes = callInChild("util/regular-file.ts", "readRegularText", [
      [join(tmp, "zero"), { maxBytes: MiB }],
      [fifo, { maxBytes: MiB }],
      [join(tmp, "to-fifo"), { maxBytes: MiB }],
      [join(tmp, "dir"), { maxBytes: MiB }],
    ]);
    assert.deepEqual(outcomes, [
      { error: `${join(tmp, "zero")} is a character device, not a regular file`, name: "FileRefused" },
      { error: `${fifo} is a FIFO, not a regular file`, name: "FileRefused" },
      { error: `${join(tmp, "to-fifo")} is a FIFO, not a regular file`, name: "FileRefused" },
      { error: `${join(tmp, "dir")} is a directory, not a regular file`, name: "FileRefused" },
    ]);
  });

  it("refuses a file larger than the cap, or gives its head when asked", () => {
    const file = join(tmp, "big.txt");
    writeFileSync(file, "x".repeat(2 * KiB + 1));
    assert.equal(refusal(() => readRegularFile(file, { maxBytes: 2 * KiB })), `${file} is larger than 2 KiB`);
    assert.equal(readRegularFile(file, { maxBytes: 100, head: true }).length, 100);
  });

  it("reads a file whose size was measured too small only up to the cap (/proc files say 0 bytes)", () => {
    assert.equal(statSync("/proc/self/status").size, 0);
    assert.match(refusal(() => readRegularFile("/proc/self/status", { maxBytes: 100 })), /\/proc\/self\/status is larger than 100 bytes$/);
    assert.equal(readRegularFile("/proc/self/status", { maxBytes: 100, head: true }).length, 100);
    assert.match(readRegularText("/proc/self/status", { maxBytes: 64 * KiB }), /^Name:/);
  });

  it("never gives more than the cap of a file that grows while it is read", async () => {
    const file = join(tmp, "growing.txt");
    writeFileSync(file, "");
    const writer = spawn("sh", ["-c", 'exec yes "a line that keeps coming" >"$0"', file], { stdio: "ignore" });
    try {
      while (statSync(file).size === 0) await sleep(5);
      // Measured under the cap and read past it, or measured over it: refused; read before it got there: whole, within the cap.
      for (let i = 0; i < 20; i++) {
        try {
          assert.ok(readRegularFile(file, { maxBytes: 4 * MiB }).length <= 4 * MiB);
        } catch (error) {
          assert.ok(isFileRefused(error), String(error));
          assert.equal(error.message, `${file} is larger than 4 MiB`);
        }
      }
    } finally {
      writer.kill("SIGKILL");
    }
  });

  it("throws a missing file's own error", () => {
    assert.throws(() => readRegularFile(join(tmp, "nope"), { maxBytes: KiB }), { code: "ENOENT" });
  });

  it("refuses a symlink itself when asked not to follow one", () => {
    const file = join(tmp, "target.txt");
    writeFileSync(file, "t");
    symlinkSync(file, join(tmp, "nofollow"));
    assert.throws(() => readRegularFile(join(tmp, "nofollow"), { maxBytes: KiB, follow: false }), { code: "ELOOP" });
  });
});

describe("readOwnFile (agentmux's own files in a private directory, on a key press)", () => {
  it("reads a regular file whole with its modification time; exactly the cap is read, one byte more is refused", () => {
    const file = join(tmp, "own.json");
    writeFileSync(file, "{\"a\":«1»}");
    const read = readOwnFile(file, Buffer.byteLength("{\"a\":«1»}"));
    assert.deepEqual(read, { text: "{\"a\":«1»}", mtimeMs: statSync(file).mtimeMs });
    assert.equal(refusal(() => readOwnFile(file, read.text.length)), `${file} is larger than ${read.text.length} bytes`);
  });

  it("refuses a symlink (even to a regular file), /dev/zero, a FIFO and a directory without blocking or reading them", () => {
    const dir = join(tmp, "own");
    mkdirSync(dir);
    writeFileSync(join(dir, "real"), "r");
    symlinkSync(join(dir, "real"), join(dir, "link"));
    symlinkSync("/dev/zero", join(dir, "zero"));
    execFileSync("mkfifo", [join(dir, "fifo")]);
    mkdirSync(join(dir, "sub"));
    const outcomes = callInChild("util/regular-file.ts", "readOwnFile", [
      [join(dir, "link"), MiB],
      [join(dir, "zero"), MiB],
      [join(dir, "fifo"), MiB],
      [join(dir, "sub"), MiB],
      ["/dev/zero", MiB],
    ]);
    assert.deepEqual(outcomes, [
      { error: `${join(dir, "link")} is a symlink, not a regular file`, name: "FileRefused" },
      { error: `${join(dir, "zero")} is a symlink, not a regular file`, name: "FileRefused" },
      { error: `${join(dir, "fifo")} is a FIFO, not a regular file`, name: "FileRefused" },
      { error: `${join(dir, "sub")} is a directory, not a regular file`, name: "FileRefused" },
      { error: "/dev/zero is a character device, not a regular file", name: "FileRefused" },
    ]);
  });

  it("throws a missing file's own error", () => {
    assert.throws(() => readOwnFile(join(tmp, "nope"), KiB), { code: "ENOENT" });
  });
});

describe("formatBytes", () => {
  it("names sizes in MiB, KiB or bytes", () => {
    assert.equal(formatBytes(MiB), "1 MiB");
    assert.equal(formatBytes(64 * KiB), "64 KiB");
    assert.equal(formatBytes(100), "100 bytes");
  });
});
