import { execFile } from "node:child_process";

export interface ShellRunOptions {
  /** Words after the command ($1, $2 … in it). */
  args?: readonly string[];
  cwd?: string | undefined;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** The most output kept before the run is ended. */
  maxBuffer?: number;
}

/**
 * Run a user's shell command (config: annotations, stats, the chief's context commands) with
 * /bin/sh, its stdin closed, killed (SIGKILL) when it takes longer than timeoutMs. Answers its
 * stdout, or why it gave none; never throws.
 */
export function runShellCommand(command: string, options: ShellRunOptions): Promise<{ ok: true; stdout: string } | { ok: false; why: string }> {
  return new Promise((resolve) => {
    execFile("/bin/sh", ["-c", command, "sh", ...(options.args ?? [])], {
      cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeoutMs, killSignal: "SIGKILL", maxBuffer: options.maxBuffer ?? 1024 * 1024, encoding: "utf8",
    }, (error, stdout) => {
      if (!error) { resolve({ ok: true, stdout }); return; }
      resolve({ ok: false, why: error.killed ? `took longer than ${options.timeoutMs} ms` : `failed: ${error.message.split("\n")[0] ?? ""}` });
    }).stdin?.end();
  });
}
