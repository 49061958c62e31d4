import { execa } from "execa";
import type { Backend, RunOptions, RunResult } from "../backends/shared/types.ts";
import { AgentmuxError } from "../util/errors.ts";

export interface RunOnceOptions extends RunOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Aborting it ends the run (SIGTERM, then SIGKILL after a grace period). */
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export interface RunOnceResult extends RunResult {
  /** Everything the CLI printed on stdout (then, when it printed on stderr, that after a marker line). */
  raw: string;
  exitCode: number;
  durationMs: number;
}

/** The line between stdout and stderr in `raw`. */
export const STDERR_MARKER = "\n--- stderr ---\n";

/** Run one prompt through the backend's non-interactive mode in cwd, and read its answer. */
export async function runOnce(backend: Backend, program: string, prompt: string, options: RunOnceOptions): Promise<RunOnceResult> {
  const runner = backend.runner;
  if (!runner) {
    throw new AgentmuxError(`${backend.label} has no non-interactive mode`, { hint: "use a backend with one: --backend claude or --backend codex" });
  }
  const { cwd, env, signal, timeoutMs, ...runOptions } = options;
  const { args, stdin } = runner.args(prompt, runOptions);
  const started = Date.now();
  const result = await execa(program, args, {
    cwd,
    env,
    extendEnv: false,
    reject: false,
    stripFinalNewline: false,
    // Never waits on a terminal: the prompt (or nothing) on stdin, then end of input.
    input: stdin ? prompt : "",
    ...(signal ? { cancelSignal: signal } : {}),
    ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}),
    forceKillAfterDelay: 5_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const durationMs = Date.now() - started;
  const stdout = typeof result.stdout === "string" ? result.stdout : "";
  const stderr = typeof result.stderr === "string" ? result.stderr : "";
  const raw = stderr.trim() === "" ? stdout : `${stdout}${STDERR_MARKER}${stderr}`;
  if (result.failed && result.exitCode === undefined) {
    // Not started, killed, cancelled or timed out: say which.
    const why = result.isCanceled ? "stopped (Ctrl-C)" : result.timedOut ? `timed out after ${timeoutMs} ms` : result.isTerminated ? `killed by ${result.signal ?? "a signal"}` : (result.shortMessage ?? "did not run");
    const parsed = runner.parse(stdout, 1);
    return { ...parsed, ok: false, text: parsed.ok ? `${why}: ${parsed.text}` : why, raw, exitCode: -1, durationMs };
  }
  const exitCode = result.exitCode ?? -1;
  const parsed = runner.parse(stdout, exitCode);
  if (!parsed.ok && stderr.trim() !== "" && /^no (result object|events) in/.test(parsed.text)) {
    return { ...parsed, text: `${parsed.text}; stderr: ${stderr.trim().split("\n").slice(-3).join(" ").slice(0, 300)}`, raw, exitCode, durationMs };
  }
  return { ...parsed, raw, exitCode, durationMs };
}
