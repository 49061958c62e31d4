import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { spoolDir } from "../../helpers/spool-dir.ts";
import { execFileSync } from "node:child_process";
import { comparePids, parseSpoolContent, parseSpoolName, readSpool, sentAt, STALLED_MS } from "../../../src/daemon/spool.ts";
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
    put(`.%4.${DEAD}.Stop.tmp`, "agentmux1 Stop %4 t 0\n"); // being written
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
    put(`.%5.${DEAD}.UserPromptSubmit.tmp`, "agentmux1 UserPromptSubmit %5 t 0\n");
    put(`%5.${DEAD + 1}.Stop.evt`, "agentmux1 Stop %5 t 0\n{}");
    assert.deepEqual(readSpool(dir).events, [], "the Stop waits for the event before it");
    execFileSync("mv", [join(dir, `.%5.${DEAD}.UserPromptSubmit.tmp`), join(dir, `%5.${DEAD}.UserPromptSubmit.evt`)]);
    assert.deepEqual(readSpool(dir).events.map((e) => e.event), ["UserPromptSubmit", "Stop"]);
    rmSync(dir, { recursive: true });
  });

  it("takes over a file whose writer stalled after its header, and rejects one that never got a header", () => {
    const { dir, put } = spoolDir();
    put(`.%6.${DEAD}.Stop.tmp`, 'agentmux1 Stop %6 t 0\n{"session_id":"s', STALLED_MS + 500);
    put(`.%7.${DEAD}.Stop.tmp`, "", STALLED_MS + 500); // writer gone, nothing written
    put(`.%8.${process.pid}.Stop.tmp`, "", STALLED_MS + 500); // writer alive, still to write its header
    const read = readSpool(dir);
    assert.deepEqual(read.events.map((e) => `${e.pane} ${e.event}`), ["%6 Stop"]);
    assert.deepEqual(read.tookOver, [`%6.${DEAD}.Stop.evt`]);
    assert.deepEqual(read.dropped.map((d) => `${d.pane} ${d.reason}`), [`%7 its writer (pid ${DEAD}) never completed it`]);
    assert.deepEqual(readdirSync(join(dir, "rejected")).map((n) => n.replace(/^\d+\./, "")), [`%7.${DEAD}.Stop.tmp`]);
    assert.ok(existsSync(join(dir, `.%8.${process.pid}.Stop.tmp`)), "a live writer is waited for");
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
