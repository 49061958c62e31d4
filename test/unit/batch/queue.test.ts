import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { queueExitCode, runQueue, type EntryOutcome } from "../../../src/batch/queue.ts";

const ok = (text: string): EntryOutcome => ({ ok: true, text, costUsd: 0.01, exitCode: 0, sessionId: null, durationMs: 1 });
const failed = (text: string): EntryOutcome => ({ ...ok(text), ok: false, exitCode: 1 });
const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  const t = setTimeout(resolve, ms);
  signal?.addEventListener("abort", () => { clearTimeout(t); resolve(); }, { once: true });
});

describe("runQueue", () => {
  it("runs two at a time: a slow entry does not hold up the others", async () => {
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const result = await runQueue(["slow", "a", "b", "c"], {
      concurrency: 2,
      run: async (item) => {
        running++;
        most = Math.max(most, running);
        order.push(`start ${item}`);
        await sleep(item === "slow" ? 300 : 30);
        order.push(`end ${item}`);
        running--;
        return ok(item);
      },
    });
    assert.equal(most, 2);
    assert.deepEqual(result.entries.map((e) => e.status), ["done", "done", "done", "done"]);
    assert.ok(order.indexOf("end c") < order.indexOf("end slow"), order.join(", "));
    assert.equal(result.stopped, false);
    assert.equal(queueExitCode(result), 0);
  });

  it("runs one at a time at concurrency 1, in order", async () => {
    const order: string[] = [];
    await runQueue(["x", "y", "z"], { concurrency: 1, run: async (item) => { order.push(item); await sleep(5); return ok(item); } });
    assert.deepEqual(order, ["x", "y", "z"]);
  });

  it("a failing entry (or one that throws) fails the queue's exit code, the rest still run", async () => {
    const result = await runQueue(["good", "bad", "throws", "good2"], {
      concurrency: 1,
      run: async (item) => {
        if (item === "throws") throw new Error("runner broke");
        return item === "bad" ? failed("no") : ok(item);
      },
    });
    assert.deepEqual(result.entries.map((e) => e.status), ["done", "failed", "failed", "done"]);
    assert.equal(result.entries[2]?.outcome?.text, "runner broke");
    assert.equal(queueExitCode(result), 1);
  });

  it("stop (the first Ctrl-C): nothing more starts, running entries finish", async () => {
    const stop = new AbortController();
    const killed: boolean[] = [];
    const result = await runQueue(["a", "b", "c", "d"], {
      concurrency: 2,
      stop: stop.signal,
      run: async (item, _index, signal) => {
        if (item === "a") setTimeout(() => stop.abort(), 20);
        await sleep(100);
        killed.push(signal.aborted);
        return ok(item);
      },
    });
    assert.deepEqual(result.entries.map((e) => e.status), ["done", "done", "skipped", "skipped"]);
    assert.deepEqual(killed, [false, false], "running entries were not ended");
    assert.equal(result.stopped, true);
    assert.equal(queueExitCode(result), 130);
  });

  it("kill (the second Ctrl-C) aborts the running entries' signal", async () => {
    const stop = new AbortController();
    const kill = new AbortController();
    const started = Date.now();
    const result = await runQueue(["long", "next"], {
      concurrency: 1,
      stop: stop.signal,
      kill: kill.signal,
      run: async (_item, _index, signal) => {
        setTimeout(() => { stop.abort(); setTimeout(() => kill.abort(), 20); }, 20);
        await sleep(10_000, signal);
        return signal.aborted ? failed("stopped (Ctrl-C)") : ok("finished");
      },
    });
    assert.ok(Date.now() - started < 5_000);
    assert.deepEqual(result.entries.map((e) => e.status), ["failed", "skipped"]);
    assert.equal(result.entries[0]?.outcome?.text, "stopped (Ctrl-C)");
    assert.equal(queueExitCode(result), 1);
  });

  it("reports every change, with the start time of a running entry", async () => {
    const seen: string[] = [];
    let t = 1000;
    await runQueue(["a"], { concurrency: 1, now: () => (t += 10), run: async () => ok("a"), onChange: (_all, e) => seen.push(`${e.status}@${e.startedAt}`) });
    assert.deepEqual(seen, ["running@1010", "done@1010"]);
  });

  it("an already stopped queue runs nothing", async () => {
    const stop = new AbortController();
    stop.abort();
    let runs = 0;
    const result = await runQueue(["a", "b"], { concurrency: 1, stop: stop.signal, run: async () => { runs++; return ok("x"); } });
    assert.equal(runs, 0);
    assert.deepEqual(result.entries.map((e) => e.status), ["skipped", "skipped"]);
  });
});
