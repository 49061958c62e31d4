import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { firstLineOf, formatCost, formatRunDuration, formatSummary, summaryEntry, totalsOf, type Summary, type SummaryEntry } from "../../../src/batch/summary.ts";

const entry = (over: Partial<SummaryEntry>): SummaryEntry => ({
  number: 1, title: "t", line: 1, status: "done", durationMs: 1200, costUsd: 0.0123, exitCode: 0, sessionId: null, outputFile: "001.json", firstLine: "ok", ...over,
});

describe("summary formatting", () => {
  const cases: Array<[number | null, string]> = [[null, "-"], [0, "0.0s"], [1234, "1.2s"], [9_949, "9.9s"], [12_000, "12s"], [92_000, "1m32s"], [3_900_000, "1h05m"]];
  for (const [ms, text] of cases) it(`shows ${ms} ms as ${text}`, () => assert.equal(formatRunDuration(ms), text));

  it("shows a cost in dollars, a dash where none was reported", () => {
    assert.equal(formatCost(null), "-");
    assert.equal(formatCost(0), "$0.0000");
    assert.equal(formatCost(0.01234), "$0.0123");
  });

  it("takes the first non-blank line", () => {
    assert.equal(firstLineOf("\n\n  Done.  \nmore"), "Done.");
    assert.equal(firstLineOf(""), "");
  });

  it("adds up the totals; no cost at all is null, not zero", () => {
    const entries = [entry({}), entry({ number: 2, status: "failed", costUsd: null }), entry({ number: 3, status: "skipped", costUsd: null, durationMs: null })];
    assert.deepEqual(totalsOf(entries), { entries: 3, done: 1, failed: 1, skipped: 1, costUsd: 0.0123 });
    assert.equal(totalsOf([entry({ costUsd: null })]).costUsd, null);
  });

  it("builds an entry from the queue's state", () => {
    const e = summaryEntry({ index: 4, item: { title: "Fix", line: 9 }, status: "done", startedAt: 1, outcome: { ok: true, text: "\nAll good\nmore", costUsd: null, exitCode: 0, sessionId: "s", durationMs: 5 } }, "005.json");
    assert.deepEqual(e, { number: 5, title: "Fix", line: 9, status: "done", durationMs: 5, costUsd: null, exitCode: 0, sessionId: "s", outputFile: "005.json", firstLine: "All good" });
    const skipped = summaryEntry({ index: 0, item: { title: "x", line: null }, status: "skipped", startedAt: null, outcome: null }, null);
    assert.equal(skipped.durationMs, null);
    assert.equal(skipped.firstLine, "");
  });

  it("prints the table (entry, status, time, cost, output) and the totals", () => {
    const entries = [
      entry({ title: "Fix the parser, which drops the last line of every file", firstLine: "Done: the parser keeps the last line now" }),
      entry({ number: 2, title: "Rename 'x' #% ünï", status: "failed", costUsd: null, durationMs: 65_000, firstLine: "API Error: 400" }),
      entry({ number: 3, title: "Later", status: "skipped", costUsd: null, durationMs: null, firstLine: "", outputFile: null }),
    ];
    const summary: Summary = {
      kind: "batch", backend: "claude", dir: "/p", source: "/p/todo.md", runDir: "/state/batch/2026-12-01T20-00-00Z-batch",
      startedAt: "", finishedAt: "", durationMs: 70_000, stopped: true, entries, totals: totalsOf(entries),
    };
    const text = formatSummary(summary, 120);
    const lines = text.split("\n");
    assert.match(lines[0] ?? "", /^ # {2}entry\s+status\s+time\s+cost\s+output$/);
    assert.match(lines[1] ?? "", /^ 1 {2}Fix the parser, which drops… {2}done\s+1\.2s\s+\$0\.0123 {2}Done: the parser keeps the last line now$/);
    assert.match(lines[2] ?? "", /^ 2 {2}Rename 'x' #% ünï\s+failed\s+1m05s\s+- {2}API Error: 400$/);
    assert.match(lines[3] ?? "", /^ 3 {2}Later\s+skipped\s+-\s+- {2}-$/);
    assert.match(text, /\n3 entries: 1 done, 1 failed, 1 not run · 1m10s · cost \$0\.0123 · stopped by Ctrl-C\n/);
    assert.match(text, /outputs: \/state\/batch\/2026-12-01T20-00-00Z-batch\n$/);
    for (const line of lines) assert.ok(line.length <= 120, `fits 120 columns: ${line}`);
  });

  it("cuts a long answer to the width", () => {
    const entries = [entry({ firstLine: "x".repeat(300) })];
    const text = formatSummary({ kind: "audit", backend: "codex", dir: "/", source: null, runDir: "/r", startedAt: "", finishedAt: "", durationMs: 1, stopped: false, entries, totals: totalsOf(entries) }, 80);
    assert.ok((text.split("\n")[1] ?? "").length <= 80);
    assert.match(text, /1 entry: 1 done, 0 failed · 0\.0s · cost \$0\.0123\n/);
  });
});
