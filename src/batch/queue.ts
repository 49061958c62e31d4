import PQueue from "p-queue";

/** Where an entry is: waiting, running, or how it ended (skipped: never started, the queue was stopped). */
export type EntryStatus = "queued" | "running" | "done" | "failed" | "skipped";

/** What a runner answers for one entry. */
export interface EntryOutcome {
  ok: boolean;
  text: string;
  costUsd: number | null;
  exitCode: number | null;
  sessionId: string | null;
  durationMs: number;
}

export interface EntryState<T> {
  index: number;
  item: T;
  status: EntryStatus;
  /** Epoch ms when it started running. */
  startedAt: number | null;
  outcome: EntryOutcome | null;
}

export interface QueueOptions<T> {
  concurrency: number;
  /** Runs one entry; `signal` aborts when the entries still running must end (the second Ctrl-C). */
  run(item: T, index: number, signal: AbortSignal): Promise<EntryOutcome>;
  /** Aborting it stops the queue: nothing more starts, running entries finish. */
  stop?: AbortSignal | undefined;
  /** Aborting it also ends the running entries. */
  kill?: AbortSignal | undefined;
  /** Called after every change of an entry's status. */
  onChange?(entries: ReadonlyArray<EntryState<T>>, changed: EntryState<T>): void;
  now?: () => number;
}

export interface QueueResult<T> {
  entries: Array<EntryState<T>>;
  /** Whether the queue was stopped before every entry ran. */
  stopped: boolean;
}

/** Run every item through options.run, at most `concurrency` at once, in order (p-queue). */
export async function runQueue<T>(items: readonly T[], options: QueueOptions<T>): Promise<QueueResult<T>> {
  const now = options.now ?? Date.now;
  const entries: Array<EntryState<T>> = items.map((item, index) => ({ index, item, status: "queued", startedAt: null, outcome: null }));
  const changed = (entry: EntryState<T>): void => options.onChange?.(entries, entry);
  const killer = new AbortController();
  const onKill = (): void => killer.abort();
  if (options.kill?.aborted) killer.abort();
  options.kill?.addEventListener("abort", onKill, { once: true });
  const queue = new PQueue({ concurrency: Math.max(1, options.concurrency) });
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    queue.clear();
    for (const entry of entries) {
      if (entry.status === "queued") {
        entry.status = "skipped";
        changed(entry);
      }
    }
  };
  options.stop?.addEventListener("abort", stop, { once: true });
  try {
    if (options.stop?.aborted) stop();
    for (const entry of entries) {
      if (stopped) break;
      void queue.add(async () => {
        if (stopped || entry.status !== "queued") return;
        entry.status = "running";
        entry.startedAt = now();
        changed(entry);
        let outcome: EntryOutcome;
        try {
          outcome = await options.run(entry.item, entry.index, killer.signal);
        } catch (error) {
          outcome = { ok: false, text: error instanceof Error ? error.message : String(error), costUsd: null, exitCode: null, sessionId: null, durationMs: now() - (entry.startedAt ?? now()) };
        }
        entry.outcome = outcome;
        entry.status = outcome.ok ? "done" : "failed";
        changed(entry);
      });
    }
    await queue.onIdle();
  } finally {
    options.stop?.removeEventListener("abort", stop);
    options.kill?.removeEventListener("abort", onKill);
  }
  return { entries, stopped };
}

/** Pure: the exit code of a finished queue: 1 when an entry failed, 130 when stopped by Ctrl-C, else 0. */
export function queueExitCode(result: QueueResult<unknown>): number {
  if (result.entries.some((e) => e.status === "failed")) return 1;
  return result.stopped && result.entries.some((e) => e.status === "skipped") ? 130 : 0;
}
