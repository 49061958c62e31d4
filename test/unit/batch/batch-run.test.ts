import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBatch, runsRoot, type BatchItem } from "../../../src/batch/batch-run.ts";
import type { PreparedRun } from "../../../src/batch/prepare.ts";
import type { RunOnceResult } from "../../../src/batch/run-once.ts";
import { claude } from "../../../src/backends/claude/index.ts";
import type { Summary } from "../../../src/batch/summary.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-batch-run-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const prepared: PreparedRun = { backend: claude, program: "claude", dir: tmp, env: {}, options: {}, account: undefined, notice: undefined };
const items: BatchItem[] = ["one", "two FAIL", "three"].map((title, i) => ({ title, line: i + 1, prompt: `${title}\n\nbody` }));
const fake = async (item: BatchItem, signal: AbortSignal): Promise<RunOnceResult> => {
  if (item.title === "slow") await new Promise((r) => setTimeout(r, 200));
  const ok = !item.title.includes("FAIL") && !signal.aborted;
  return { ok, text: ok ? `answer to ${item.title}\nsecond line` : "it failed", costUsd: ok ? 0.5 : null, sessionId: "s", raw: `{"raw": "${item.title}"}`, exitCode: ok ? 0 : 1, durationMs: 7 };
};

describe("runBatch", () => {
  it("writes each raw output to a numbered file and the summary to summary.json; a failure fails the exit code", async () => {
    const root = runsRoot(join(tmp, "state"));
    const { summary, summaryFile, exitCode } = await runBatch({ kind: "batch", source: "/x/todo.md", prepared, items, concurrency: 2, root, run: fake });
    assert.equal(exitCode, 1);
    assert.equal(root, join(tmp, "state", "batch"));
    assert.deepEqual(readdirSync(summary.runDir).sort(), ["001.json", "002.json", "003.json", "summary.json"]);
    assert.equal(readFileSync(join(summary.runDir, "002.json"), "utf8"), "{\"raw\": \"two FAIL\"}");
    const written = JSON.parse(readFileSync(summaryFile, "utf8")) as Summary;
    assert.deepEqual(written, summary);
    assert.deepEqual(summary.entries.map((e) => [e.number, e.status, e.costUsd, e.firstLine, e.outputFile]), [
      [1, "done", 0.5, "answer to one", "001.json"], [2, "failed", null, "it failed", "002.json"], [3, "done", 0.5, "answer to three", "003.json"]]);
    assert.deepEqual(summary.totals, { entries: 3, done: 2, failed: 1, skipped: 0, costUsd: 1 });
    assert.equal(summary.backend, "claude");
    assert.equal(summary.source, "/x/todo.md");
    assert.equal(summary.stopped, false);
  });

  it("stopped mid-run: the running entry finishes, the rest are not run, the summary is still written", async () => {
    const stop = new AbortController();
    const slow: BatchItem[] = [{ title: "slow", line: 1, prompt: "slow" }, { title: "later", line: 2, prompt: "later" }];
    setTimeout(() => stop.abort(), 50);
    const { summary, summaryFile, exitCode } = await runBatch({ kind: "audit", source: null, prepared, items: slow, concurrency: 1, root: join(tmp, "audit-runs"), run: fake, stop: stop.signal });
    assert.equal(exitCode, 130);
    assert.equal(summary.stopped, true);
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "skipped"]);
    assert.deepEqual(readdirSync(summary.runDir).sort(), ["001.json", "summary.json"]);
    assert.match(summary.runDir, /-audit$/);
    assert.equal((JSON.parse(readFileSync(summaryFile, "utf8")) as Summary).stopped, true);
  });
});
