import { execa } from "execa";
import { backendFlags, WITH_RUNNER } from "../backends/capable.ts";
import type { Backend, RunOptions, RunResult } from "../backends/shared/types.ts";
import { AgentmuxError } from "../util/errors.ts";

export interface RunOnceOptions extends RunOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Aborting it ends the run (SIGTERM to its process group, then SIGKILL after a grace period). */
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

export interface RunOnceResult extends RunResult {
  /** Everything the CLI printed on stdout (then, when it printed on stderr, that after a marker line). */
  raw: string;
  exitCode: number;
  durationMs: number;
}

/** How long an ended run has to exit after SIGTERM before its process group gets SIGKILL. */
const FORCE_KILL_MS = 5_000;

/** Signal a run's process group (it leads its own); gone already is fine. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** The line between stdout and stderr in `raw`. */
export const STDERR_MARKER = "\n--- stderr ---\n";

/** Run one prompt through the backend's non-interactive mode in cwd, and read its answer. */
export async function runOnce(backend: Backend, program: string, prompt: string, options: RunOnceOptions): Promise<RunOnceResult> {
  const runner = backend.runner;
  if (!runner) {
    throw new AgentmuxError(`${backend.label} has no non-interactive mode`, { hint: `use ${backendFlags(WITH_RUNNER)}` });
  }
  const { cwd, env, signal, timeoutMs, ...runOptions } = options;
  const { args, stdin } = runner.args(prompt, runOptions);
  const started = Date.now();
  const subprocess = execa(program, args, {
    cwd,
    env,
    extendEnv: false,
    reject: false,
    stripFinalNewline: false,
    // Its own process group: a Ctrl-C at the terminal reaches agentmux only, which decides
    // whether running entries finish; ending one ends its whole group.
    detached: true,
    // Never waits on a terminal: the prompt (or nothing) on stdin, then end of input.
    input: stdin ? prompt : "",
    maxBuffer: 64 * 1024 * 1024,
  });
  let ended: string | null = null;
  let forceTimer: NodeJS.Timeout | undefined;
  const end = (why: string): void => {
    if (ended !== null) return;
    ended = why;
    killGroup(subprocess.pid, "SIGTERM");
    forceTimer = setTimeout(() => killGroup(subprocess.pid, "SIGKILL"), FORCE_KILL_MS);
    forceTimer.unref();
  };
  const onAbort = (): void => end("stopped (Ctrl-C)");
  if (signal?.aborted) onAbort();
  signal?.addEventListener("abort", onAbort, { once: true });
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => end(`timed out after ${timeoutMs} ms`), timeoutMs);
  let result;
  try {
    result = await subprocess;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (timer) clearTimeout(timer);
    if (forceTimer) clearTimeout(forceTimer);
  }
  const durationMs = Date.now() - started;
  const stdout = typeof result.stdout === "string" ? result.stdout : "";
  const stderr = typeof result.stderr === "string" ? result.stderr : "";
  const raw = stderr.trim() === "" ? stdout : `${stdout}${STDERR_MARKER}${stderr}`;
  if ((ended !== null && result.failed) || (result.failed && result.exitCode === undefined)) {
    // Stopped, timed out, killed or not started: say which.
    const why = ended ?? (result.isTerminated ? `killed by ${result.signal ?? "a signal"}` : (result.shortMessage ?? "did not run"));
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
