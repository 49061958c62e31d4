import { join } from "node:path";
import type { PreparedRun } from "./prepare.ts";
import { runQueue, queueExitCode, type EntryOutcome } from "./queue.ts";
import { createRunDir, writeOutput, writeSummary } from "./run-dir.ts";
import { runOnce, type RunOnceResult } from "./run-once.ts";
import { summaryEntry, totalsOf, type Summary } from "./summary.ts";
import type { Progress } from "./progress.ts";

/** One thing a batch runs: a TODO entry, or an audit skill. */
export interface BatchItem {
  title: string;
  /** The line of the file it came from; null for an audit skill. */
  line: number | null;
  prompt: string;
}

export interface BatchRequest {
  kind: "batch" | "audit";
  /** The TODO file, for the summary; null for an audit. */
  source: string | null;
  prepared: PreparedRun;
  items: readonly BatchItem[];
  concurrency: number;
  /** The run directories' parent (the state directory's batch/). */
  root: string;
  /** Aborting it stops the queue (running entries finish). */
  stop?: AbortSignal | undefined;
  /** Aborting it ends the running entries too. */
  kill?: AbortSignal | undefined;
  progress?: Progress | undefined;
  /** Runs one prompt; runOnce through the backend's runner unless a test gives another. */
  run?: ((item: BatchItem, signal: AbortSignal) => Promise<RunOnceResult>) | undefined;
  now?: () => number;
}

export interface BatchResult { summary: Summary; summaryFile: string; exitCode: number }

/** The run directories' parent under the state directory. */
export const runsRoot = (stateDir: string): string => join(stateDir, "batch");

/**
 * Run every item through the backend's non-interactive mode (p-queue, `concurrency` at once),
 * each raw output to a numbered file in a new run directory, then summary.json there; a stopped
 * queue still writes its summary.
 */
export async function runBatch(request: BatchRequest): Promise<BatchResult> {
  const now = request.now ?? Date.now;
  const started = now();
  const runDir = createRunDir(request.root, request.kind, new Date(started));
  const { prepared } = request;
  const run = request.run ?? ((item: BatchItem, signal: AbortSignal) =>
    runOnce(prepared.backend, prepared.program, item.prompt, { ...prepared.options, cwd: prepared.dir, env: prepared.env, signal }));
  const files = new Map<number, string>();
  let first = true;
  const result = await runQueue(request.items, {
    concurrency: request.concurrency,
    stop: request.stop,
    kill: request.kill,
    now,
    run: async (item, index, signal): Promise<EntryOutcome> => {
      const r = await run(item, signal);
      files.set(index, writeOutput(runDir, index + 1, r.raw));
      return { ok: r.ok, text: r.text, costUsd: r.costUsd, exitCode: r.exitCode, sessionId: r.sessionId, durationMs: r.durationMs };
    },
    onChange: (entries, changed) => {
      if (first) { first = false; request.progress?.start(entries); }
      request.progress?.update(entries, changed);
    },
  });
  request.progress?.finish();
  const entries = result.entries.map((e) => summaryEntry(e, files.get(e.index) ?? null));
  const finished = now();
  const summary: Summary = {
    kind: request.kind,
    backend: prepared.backend.name,
    dir: prepared.dir,
    source: request.source,
    runDir,
    startedAt: new Date(started).toISOString(),
    finishedAt: new Date(finished).toISOString(),
    durationMs: finished - started,
    stopped: result.stopped,
    entries,
    totals: totalsOf(entries),
  };
  const summaryFile = writeSummary(summary);
  return { summary, summaryFile, exitCode: queueExitCode(result) };
}
