import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { spoolDir } from "../../helpers/spool-dir.ts";
import { judgeWriter, writerOf, WRITER_SILENT_MS } from "../../../src/daemon/spool-writer.ts";

const DEAD = 2 ** 22 + 12345; // beyond pid_max: never a live process

describe("the writer of a spool file", () => {
  it("is waited for while alive and not silent for a minute; given up on when gone or silent that long", () => {
    const rows: Array<[boolean, number, string]> = [
      [true, 0, "wait"],
      [true, 10_000, "wait"], // starved for seconds on a loaded machine
      [true, WRITER_SILENT_MS - 1, "wait"],
      [true, WRITER_SILENT_MS, "silent"],
      [false, 0, "gone"],
      [false, 10 * WRITER_SILENT_MS, "gone"],
    ];
    for (const [alive, silentMs, kind] of rows) assert.equal(judgeWriter({ pid: 42, alive }, silentMs).kind, kind, `${alive} ${silentMs}`);
  });

  it("is the shell of the name until a .reader file names the forwarder's background reader", () => {
    const { dir, put } = spoolDir();
    assert.deepEqual(writerOf(dir, `%1.${process.pid}.Stop`, process.pid), { pid: process.pid, alive: true }, "no reader file");
    assert.deepEqual(writerOf(dir, `%1.${DEAD}.Stop`, DEAD), { pid: DEAD, alive: false });
    put(`.%2.${DEAD}.Stop.reader`, "");
    assert.deepEqual(writerOf(dir, `%2.${DEAD}.Stop`, DEAD), { pid: DEAD, alive: false }, "emptied, no reader named yet");
    put(`.%3.${DEAD}.Stop.reader`, `${process.pid}\n`);
    assert.deepEqual(writerOf(dir, `%3.${DEAD}.Stop`, DEAD), { pid: process.pid, alive: true });
    put(`.%4.${process.pid}.Stop.reader`, `${DEAD}\n`);
    assert.deepEqual(writerOf(dir, `%4.${process.pid}.Stop`, process.pid), { pid: DEAD, alive: false }, "the shell named its reader: it is done");
    put(`.%5.${DEAD}.Stop.reader`, "garbage");
    assert.deepEqual(writerOf(dir, `%5.${DEAD}.Stop`, DEAD), { pid: DEAD, alive: false });
    rmSync(dir, { recursive: true });
  });
});
