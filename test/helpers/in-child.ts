import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The repository's root, for imports in a child's code: `await import(src("util/regular-file.ts"))`. */
export const ROOT = join(fileURLToPath(import.meta.url), "..", "..", "..");

/** The URL of a module of src/, for an import() in a child's code. */
export function srcUrl(path: string): string {
  return pathToFileURL(join(ROOT, "src", path)).href;
}

export interface ChildOutcome { timedOut: boolean; status: number | null; signal: string | null; stdout: string; stderr: string }

/**
 * Run code (an ES module body that may await and prints what it finds) in a child Node with tsx,
 * its data capped at 1 GB (ulimit -d): what would hang or eat memory in the test runner ends there
 * instead. A child still running after timeoutMs is killed and answers timedOut: a guard against a
 * hang, never a measure of time.
 */
export function runInChild(code: string, timeoutMs = 60_000): ChildOutcome {
  const run = spawnSync("sh", ["-c", 'ulimit -d 1000000; exec "$0" "$@"', process.execPath, "--import", "tsx", "--input-type=module", "-e", code], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: timeoutMs,
    killSignal: "SIGKILL",
  });
  return { timedOut: run.error !== undefined && (run.error as NodeJS.ErrnoException).code === "ETIMEDOUT", status: run.status, signal: run.signal, stdout: run.stdout ?? "", stderr: run.stderr ?? "" };
}

/**
 * Run code in a child (runInChild) that writes one JSON value to stdout; that value. A child that
 * hung or died (out of its memory) fails with what it printed, not the test runner.
 */
export function evalInChild<T>(code: string, timeoutMs?: number): T {
  const run = runInChild(code, timeoutMs);
  if (run.timedOut || run.status !== 0) {
    throw new Error(`the child ${run.timedOut ? "hung (killed after its timeout)" : `died (${run.signal ?? `status ${run.status}`}): it hung or ate its memory`}\n${run.stderr.slice(-2000)}`);
  }
  return JSON.parse(run.stdout) as T;
}

/** What one call in a child gave: its value (as JSON carries it), or its error's message. */
export type CallOutcome = { value: unknown } | { error: string; name: string };

/** Call an export of a module of src/ in a child (evalInChild) once per argument list; each call's outcome, in order. */
export function callInChild(module: string, name: string, calls: unknown[][], timeoutMs?: number): CallOutcome[] {
  return evalInChild<CallOutcome[]>(`
    const m = await import(${JSON.stringify(srcUrl(module))});
    const out = [];
    for (const args of ${JSON.stringify(calls)}) {
      try { const value = await m[${JSON.stringify(name)}](...args); out.push({ value: value === undefined ? null : Buffer.isBuffer(value) ? value.toString("utf8") : value }); }
      catch (error) { out.push({ error: String(error?.message ?? error), name: String(error?.name ?? "") }); }
    }
    process.stdout.write(JSON.stringify(out));`, timeoutMs);
}
