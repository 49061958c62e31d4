import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Progress, progressLine, progressLines } from "../../../src/batch/progress.ts";
import type { EntryState } from "../../../src/batch/queue.ts";

const state = (index: number, status: EntryState<{ title: string }>["status"], over: Partial<EntryState<{ title: string }>> = {}): EntryState<{ title: string }> =>
  ({ index, item: { title: `entry ${index + 1}` }, status, startedAt: null, outcome: null, ...over });

describe("progress lines", () => {
  it("shows queued, running with its elapsed time, done with duration, cost and answer, failed", () => {
    assert.equal(progressLine(state(0, "queued"), 12, 0, 100), " 1/12  queued           entry 1");
    assert.equal(progressLine(state(1, "running", { startedAt: 1000 }), 12, 13_500, 100), " 2/12  running     12s  entry 2");
    const done = state(2, "done", { outcome: { ok: true, text: "All good\nmore", costUsd: 0.5, exitCode: 0, sessionId: null, durationMs: 2500 } });
    assert.equal(progressLine(done, 12, 0, 100), " 3/12  done       2.5s $0.5000  entry 3 — All good");
    const failed = state(3, "failed", { outcome: { ok: false, text: "boom", costUsd: null, exitCode: 1, sessionId: null, durationMs: 100 } });
    assert.equal(progressLine(failed, 12, 0, 100), " 4/12  failed     0.1s  entry 4 — boom");
  });

  it("cuts a line to the terminal's width", () => {
    const line = progressLine({ ...state(0, "queued"), item: { title: "y".repeat(200) } }, 1, 0, 40);
    assert.ok(line.length <= 39 && line.endsWith("…"));
  });

  it("shows the running entries and a count when the entries do not fit", () => {
    const entries = [state(0, "done", { outcome: { ok: true, text: "", costUsd: null, exitCode: 0, sessionId: null, durationMs: 1 } }), state(1, "running", { startedAt: 0 }), ...Array.from({ length: 10 }, (_, i) => state(i + 2, "queued"))];
    assert.equal(progressLines(entries, 0, 80, 40).length, 12);
    const few = progressLines(entries, 0, 80, 6);
    assert.equal(few.length, 2);
    assert.match(few[0] ?? "", /running/);
    assert.equal(few[1], "1 done, 0 failed, 10 queued, 0 not run");
  });
});

describe("Progress", () => {
  it("prints a plain line per start and end without a terminal", () => {
    let out = "";
    const p = new Progress({ write: (t: string) => (out += t), isTTY: false }, () => 0);
    const entries = [state(0, "queued"), state(1, "queued")];
    p.start(entries);
    p.update(entries, state(0, "running", { startedAt: 0 }));
    p.note("stopping");
    p.finish();
    assert.equal(out, "2 entries queued\n1/2  running    0.0s  entry 1\nstopping\n");
    assert.ok(!out.includes("\x1b"), "no escape codes");
  });

  it("redraws its lines in place at a terminal", () => {
    let out = "";
    const p = new Progress({ write: (t: string) => (out += t), isTTY: true, columns: 80, rows: 24 }, () => 0);
    const entries = [state(0, "queued"), state(1, "queued")];
    p.start(entries);
    p.update(entries, entries[0] as EntryState<{ title: string }>);
    p.finish();
    assert.ok(out.includes("\x1b[2F\x1b[0J"), "moves up over the two lines drawn");
    assert.equal(out.split("entry 2").length - 1, 3, "drawn at start, at the update and at the end");
  });
});
