import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spoolDir } from "../../helpers/spool-dir.ts";
import { execFileSync } from "node:child_process";
import { comparePids, parseSpoolContent, parseSpoolName, readSpool, sentAt } from "../../../src/daemon/spool.ts";
import { WRITER_SILENT_MS } from "../../../src/daemon/spool-writer.ts";
import { transition, INITIAL } from "../../../src/core/state-machine.ts";

const DEAD = 2 ** 22 + 12345; // beyond pid_max: never a live process
describe("when an event was sent", () => {
  it("is its file's time, or the earlier time its payload states (a plugin's forwarders come late); never later, nor long before", () => {
    assert.equal(sentAt({}, 10_000), 10_000);
    assert.equal(sentAt({ agentmux_at: 4_000 }, 10_000), 4_000);
    assert.equal(sentAt({ agentmux_at: 12_000 }, 10_000), 10_000, "not in the future of its file");
    assert.equal(sentAt({ agentmux_at: 10_000 - 200_000 }, 10_000), 10_000, "not minutes before it");
    for (const bad of ["4000", null, Number.NaN, Infinity]) assert.equal(sentAt({ agentmux_at: bad }, 10_000), 10_000, String(bad));
  });

  it("so a busy report of a turn the screen already saw end, forwarded late, does not open it again", () => {
    // The screen: working from 1 s, waiting from 3 s. The plugin's busy, said at 1.2 s, arrives at 5 s.
    const working = transition(INITIAL, { kind: "activity", at: 1000 }).next;
    const waiting = transition(working, { kind: "stop", at: 3000 }).next;
    assert.equal(transition(waiting, { kind: "activity", at: sentAt({ agentmux_at: 1200 }, 5000) }).next.state, "waiting");
    assert.equal(transition(waiting, { kind: "activity", at: sentAt({}, 5000) }).next.state, "working", "without a stated time it is news");
  });
});

describe("spool names and contents", () => {
  it("parses names and contents", () => {
    assert.deepEqual(parseSpoolName("%12.4567.Stop.sh"), { pane: "%12", pid: 4567, event: "Stop", complete: false });
    assert.deepEqual(parseSpoolName("%1.9.agentmux-done.evt"), { pane: "%1", pid: 9, event: "agentmux-done", complete: true });
    assert.equal(parseSpoolName(".%1.9.x.evt.tmp"), null);
    assert.equal(parseSpoolName(".%1.9.Stop.tmp"), null, "being written");
    assert.deepEqual(parseSpoolName("%1.9_2.Stop.evt"), { pane: "%1", pid: 9, event: "Stop", complete: true }, "a name kept unique after a pid wrap");
    assert.deepEqual(parseSpoolContent('agentmux1 Stop %3 tok 0\n{"a":1}'), { event: "Stop", pane: "%3", token: "tok", global: false, agent: "claude", payload: { a: 1 } });
    assert.deepEqual(parseSpoolContent("agentmux1 Stop %3 - 1\n\x00garbage"), { event: "Stop", pane: "%3", token: "", global: true, agent: "claude", payload: {} });
    assert.deepEqual(parseSpoolContent("agentmux1 Stop %3 t 0\n[1,2]")?.payload, {});
    assert.equal(parseSpoolContent("nonsense"), null);
    assert.equal(parseSpoolContent("agentmux1 Stop %3 - codex\n{}")?.agent, "codex", "a hook installed with --agent codex");
  });

  it("orders by time, then by pid across a wrap-around", () => {
    assert.ok(comparePids(10, 20, 32768) < 0);
    assert.ok(comparePids(32760, 300, 32768) < 0, "300 came after the wrap");
    assert.ok(comparePids(300, 32760, 32768) > 0);
  });
});

describe("readSpool", () => {
  it("reads files in creation order, and holds a pane's later events behind one still being written", () => {
    const { dir, put } = spoolDir();
    put(`%1.${DEAD + 1}.UserPromptSubmit.sh`, "agentmux1 UserPromptSubmit %1 t 0\n{}");
    put(`%2.${process.pid}.Stop.sh`, "agentmux1 Stop %2 t 0\n{}"); // old protocol, writer alive: pending
    put(`%1.${DEAD}.Stop.sh`, "agentmux1 Stop %1 t 0\n{}");
    put(`.%4.${process.pid}.Stop.tmp`, "agentmux1 Stop %4 t 0\n"); // being written (its writer alive)
    put(`%2.${DEAD}.PreToolUse.evt`, "agentmux1 PreToolUse %2 t 0\n{}");
    put(`%4.${DEAD + 1}.UserPromptSubmit.evt`, "agentmux1 UserPromptSubmit %4 t 0\n{}"); // behind the .tmp
    put(`%3.${process.pid}.agentmux-done.evt`, "agentmux1 agentmux-done %3 t 0\n{}"); // renamed into place: complete
    const { events, pending, dropped } = readSpool(dir);
    assert.deepEqual(events.map((e) => `${e.pane} ${e.event}`), ["%1 UserPromptSubmit", "%1 Stop", "%3 agentmux-done"]);
    assert.equal(pending, true);
    assert.deepEqual(dropped, []);
    rmSync(dir, { recursive: true });
  });

  it("an event written before a later one of its pane comes first even when it is renamed into place last", () => {
    const { dir, put } = spoolDir();
    put(`.%5.${process.pid}.UserPromptSubmit.tmp`, "agentmux1 UserPromptSubmit %5 t 0\n");
    put(`%5.${DEAD}.Stop.evt`, "agentmux1 Stop %5 t 0\n{}");
    assert.deepEqual(readSpool(dir).events, [], "the Stop waits for the event before it");
    execFileSync("mv", [join(dir, `.%5.${process.pid}.UserPromptSubmit.tmp`), join(dir, `%5.${process.pid}.UserPromptSubmit.evt`)]);
    assert.deepEqual(readSpool(dir).events.map((e) => e.event), ["UserPromptSubmit", "Stop"]);
    rmSync(dir, { recursive: true });
  });

  it("takes a name made unique after a pid wrap (<pid>_N) in its place, and waits for its writer by its pid", () => {
    const { dir, put } = spoolDir();
    put(`%5.${DEAD}.Stop.evt`, 'agentmux1 Stop %5 t 0\n{"seq":1}'); // an earlier process of this pid
    put(`.%5.${process.pid}_1.Notification.tmp`, "agentmux1 Notification %5 t 0\n"); // its writer alive
    put(`%5.${DEAD}_1.Stop.evt`, 'agentmux1 Stop %5 t 0\n{"seq":3}');
    const first = readSpool(dir);
    assert.deepEqual(first.events.map((e) => e.payload["seq"]), [1], "the later Stop waits behind the file being written");
    assert.equal(first.pending, true);
    rmSync(join(dir, `%5.${DEAD}.Stop.evt`));
    writeFileSync(join(dir, `.%5.${process.pid}_1.Notification.tmp`), '{"seq":2}', { flag: "a" });
    renameSync(join(dir, `.%5.${process.pid}_1.Notification.tmp`), join(dir, `%5.${process.pid}_1.Notification.evt`));
    const read = readSpool(dir);
    assert.deepEqual(read.events.map((e) => [e.event, e.payload["seq"], e.pid]), [["Notification", 2, process.pid], ["Stop", 3, DEAD]]);
    rmSync(dir, { recursive: true });
  });

  it("from a listing too long for one read of the directory, takes only files made before it began (one made meanwhile may have been missed)", () => {
    const { dir } = spoolDir();
    for (let i = 0; i < 250; i++) writeFileSync(join(dir, `%${10 + (i % 50)}.${DEAD + i}.Notification.evt`), `agentmux1 Notification %${10 + (i % 50)} t 0\n{"seq":${i}}`);
    const made = Date.now();
    // As if the listing began before the files were made: none is sure to have all its pane's earlier ones beside it.
    const early = readSpool(dir, made - 1000);
    assert.deepEqual([early.events.length, early.pending], [0, true]);
    const late = readSpool(dir, made + 1000);
    assert.deepEqual([late.events.length, late.pending], [250, false]);
    // A short listing is one read, atomic against renames: nothing waits.
    rmSync(dir, { recursive: true });
    const small = spoolDir();
    small.put(`%5.${DEAD}.Stop.evt`, "agentmux1 Stop %5 t 0\n{}");
    assert.equal(readSpool(small.dir, Date.now() - 1000).events.length, 1);
    rmSync(small.dir, { recursive: true });
  });

  it("waits for a file whose writer lives, however long it has been silent short of a minute, and holds its pane behind it", () => {
    const { dir, put } = spoolDir();
    put(`.%6.${process.pid}.Stop.tmp`, 'agentmux1 Stop %6 t 0\n{"session_id":"s', 10_000); // its payload late
    put(`.%7.${process.pid}.Stop.tmp`, "", 10_000); // stopped before its header
    put(`%6.${DEAD}.SessionEnd.evt`, "agentmux1 SessionEnd %6 t 0\n{}");
    put(`%7.${DEAD}.SessionEnd.evt`, "agentmux1 SessionEnd %7 t 0\n{}");
    const read = readSpool(dir);
    assert.deepEqual(read.events, []);
    assert.deepEqual(read.tookOver, []);
    assert.deepEqual(read.dropped, []);
    assert.equal(read.pending, true);
    assert.ok(existsSync(join(dir, `.%6.${process.pid}.Stop.tmp`)) && existsSync(join(dir, `.%7.${process.pid}.Stop.tmp`)));
    rmSync(dir, { recursive: true });
  });

  it("waits for the forwarder's background reader while the pid it wrote into the .reader file lives, its shell gone", () => {
    const { dir, put } = spoolDir();
    put(`.%6.${DEAD}.Stop.tmp`, "agentmux1 Stop %6 t 0\n", 10_000);
    put(`.%6.${DEAD}.Stop.reader`, `${process.pid}\n`);
    put(`%6.${DEAD + 1}.SessionEnd.evt`, "agentmux1 SessionEnd %6 t 0\n{}");
    const waiting = readSpool(dir);
    assert.deepEqual([waiting.events, waiting.tookOver, waiting.dropped, waiting.pending], [[], [], [], true]);
    // The reader renames the file once its payload is in: then both are taken, in order.
    writeFileSync(join(dir, `.%6.${DEAD}.Stop.tmp`), '{"seq":1}', { flag: "a" });
    renameSync(join(dir, `.%6.${DEAD}.Stop.tmp`), join(dir, `%6.${DEAD}.Stop.evt`));
    const read = readSpool(dir);
    assert.deepEqual(read.events.map((e) => `${e.event} ${JSON.stringify(e.payload)}`), ['Stop {"seq":1}', "SessionEnd {}"]);
    rmSync(dir, { recursive: true });
  });

  it("takes over a file whose writer is gone (killed) as it is, and rejects one it left without a header", () => {
    const { dir, put } = spoolDir();
    put(`.%6.${DEAD}.Stop.tmp`, 'agentmux1 Stop %6 t 0\n{"session_id":"s'); // its shell gone, no reader named
    put(`.%7.${DEAD}.Stop.tmp`, ""); // its shell gone before its header
    put(`.%8.${process.pid}.Stop.tmp`, "agentmux1 Stop %8 t 0\n");
    put(`.%8.${process.pid}.Stop.reader`, `${DEAD + 2}\n`); // its reader gone
    put(`.%9.${DEAD}.Stop.tmp`, "agentmux1 Stop %9 t 0\n");
    put(`.%9.${DEAD}.Stop.reader`, ""); // its shell gone before it named a reader
    const read = readSpool(dir);
    assert.deepEqual(read.events.map((e) => `${e.pane} ${e.event}`), ["%6 Stop", "%8 Stop", "%9 Stop"]);
    assert.deepEqual(read.tookOver, [
      { name: `%6.${DEAD}.Stop.evt`, reason: `its writer (pid ${DEAD}) is gone without renaming it` },
      { name: `%8.${process.pid}.Stop.evt`, reason: `its writer (pid ${DEAD + 2}) is gone without renaming it` },
      { name: `%9.${DEAD}.Stop.evt`, reason: `its writer (pid ${DEAD}) is gone without renaming it` },
    ]);
    assert.deepEqual(read.dropped.map((d) => `${d.pane} ${d.reason}`), [`%7 its writer (pid ${DEAD}) is gone without renaming it, and it has no agentmux1 header`]);
    assert.deepEqual(readdirSync(join(dir, "rejected")).map((n) => n.replace(/^\d+\./, "")), [`%7.${DEAD}.Stop.tmp`]);
    rmSync(dir, { recursive: true });
  });

  it("gives up on a writer alive but silent for a minute (a stdin never closed): takes its file, or rejects it headless, saying why", () => {
    const { dir, put } = spoolDir();
    put(`.%6.${process.pid}.Stop.tmp`, "agentmux1 Stop %6 t 0\n", WRITER_SILENT_MS + 1000);
    put(`.%7.${process.pid}.Stop.tmp`, "", WRITER_SILENT_MS + 1000);
    const read = readSpool(dir);
    assert.deepEqual(read.events.map((e) => `${e.pane} ${e.event}`), ["%6 Stop"]);
    assert.deepEqual(read.tookOver, [{ name: `%6.${process.pid}.Stop.evt`, reason: `its writer (pid ${process.pid}) is alive but wrote nothing for 61 s` }]);
    assert.deepEqual(read.dropped.map((d) => `${d.pane} ${d.reason}`), [`%7 its writer (pid ${process.pid}) is alive but wrote nothing for 61 s, and it has no agentmux1 header`]);
    rmSync(dir, { recursive: true });
  });

  it("removes .reader files once their file is no longer written, and keeps those of files being written", () => {
    const { dir, put } = spoolDir();
    put(`%6.${DEAD}.Stop.evt`, "agentmux1 Stop %6 t 0\n{}");
    put(`.%6.${DEAD}.Stop.reader`, `${DEAD + 1}\n`); // renamed into place: an orphan
    put(`.%7.${process.pid}.Stop.reader`, ""); // its shell is about to create its file
    put(`.%8.${DEAD}.Stop.reader`, ""); // its shell died before it created its file
    put(`.%9.${DEAD}.Stop.tmp`, "agentmux1 Stop %9 t 0\n");
    put(`.%9.${DEAD}.Stop.reader`, `${process.pid}\n`);
    readSpool(dir);
    assert.deepEqual(readdirSync(dir).filter((n) => n.endsWith(".reader")).sort(), [`.%7.${process.pid}.Stop.reader`, `.%9.${DEAD}.Stop.reader`]);
    rmSync(dir, { recursive: true });
  });

  it("moves aside a file without a header and one it cannot read; later reads do not see them", () => {
    const { dir, put } = spoolDir();
    put(`%1.${DEAD}.Stop.evt`, "\x00\xff garbage");
    mkdirSync(join(dir, `%2.${DEAD}.Stop.evt`)); // a directory: cannot be read as a file
    execFileSync("mkfifo", [join(dir, `%3.${DEAD}.Stop.evt`)]); // a fifo: never waited on
    put(`%4.${DEAD}.Stop.evt`, "agentmux1 Stop %4 t 0\n{}");
    const first = readSpool(dir);
    assert.deepEqual(first.events.map((e) => e.pane), ["%4"]);
    assert.deepEqual(first.dropped.map((d) => `${d.pane} ${d.reason}`).sort(), ["%1 it has no agentmux1 header", "%2 it is not a regular file", "%3 it is not a regular file"]);
    assert.equal(readdirSync(join(dir, "rejected")).length, 3);
    const second = readSpool(dir);
    assert.deepEqual(second.dropped, []);
    rmSync(dir, { recursive: true });
  });
});
