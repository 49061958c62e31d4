import { execa } from "execa";
import type { Backend } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import { places } from "../util/paths.ts";
import { inPrivateRunDir } from "../util/run-dir.ts";

type Env = Record<string, string | undefined>;

interface Outcome { stdout: string; stderr: string; exitCode: number | undefined; timedOut: boolean; failed: boolean; message: string }

/** Stop a whole process group (a shell command's children too, which would hold its output open). */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // gone already
  }
}

/**
 * Run one program with the request on stdin, in a private directory of its own (never a shared
 * one: the CLI loads hooks and instructions from where it runs), in a process group of its own
 * that is stopped when the ranking timeout runs out.
 */
function run(file: string, args: string[], options: { shell: boolean; input: string | null; timeout: number; env: Env }): Promise<Outcome> {
  return inPrivateRunDir(places(options.env).stateDir, (cwd) => runIn(cwd, file, args, options));
}

async function runIn(cwd: string, file: string, args: string[], options: { shell: boolean; input: string | null; timeout: number; env: Env }): Promise<Outcome> {
  const subprocess = execa(file, args, {
    shell: options.shell,
    cwd,
    env: options.env,
    extendEnv: false,
    ...(options.input === null ? { stdin: "ignore" as const } : { input: options.input }),
    reject: false,
    stripFinalNewline: true,
    detached: true,
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(subprocess.pid, "SIGTERM");
    setTimeout(() => killGroup(subprocess.pid, "SIGKILL"), 1000).unref();
  }, options.timeout * 1000);
  try {
    const result = await subprocess;
    return {
      stdout: String(result.stdout ?? ""),
      stderr: String(result.stderr ?? ""),
      exitCode: result.exitCode,
      timedOut,
      failed: result.failed,
      message: result.shortMessage ?? "",
    };
  } finally {
    clearTimeout(timer);
  }
}

const firstLine = (text: string): string => text.trim().split("\n")[0]?.trim() ?? "";

/**
 * The function ranking asks the model through: config ranking.command (a shell command given the
 * request on stdin, answering on stdout), else the backend's non-interactive runner with
 * ranking.model or the runner's small default model. It rejects, saying why, when the command
 * fails, cannot start, or outlasts ranking.timeout.
 */
export function rankingAsker(backend: Backend, config: Config, env: Env = process.env): (prompt: string) => Promise<string> {
  const timeout = config.ranking.timeout;
  const command = config.ranking.command?.trim();
  if (command) {
    return async (prompt) => {
      const outcome = await run(command, [], { shell: true, input: prompt, timeout, env });
      if (outcome.timedOut) throw new Error(`the ranking command took longer than ${timeout} s (ranking.timeout) and was stopped`);
      if (outcome.exitCode !== 0) {
        throw new Error(`the ranking command (ranking.command) failed${outcome.exitCode === undefined ? "" : ` with exit status ${outcome.exitCode}`}${firstLine(outcome.stderr) ? `: ${firstLine(outcome.stderr)}` : ""}`);
      }
      return outcome.stdout;
    };
  }
  const runner = backend.runner;
  return async (prompt) => {
    if (!runner) throw new Error(`${backend.label} has no non-interactive mode to rank with: set ranking.command in the config`);
    const program = config.backends[backend.name as keyof typeof config.backends]?.program ?? backend.defaultProgram;
    const model = config.ranking.model ?? runner.rankingModel;
    const { args, stdin } = runner.args(prompt, { model, withoutProject: true });
    const outcome = await run(program, args, { shell: false, input: stdin ? prompt : null, timeout, env });
    if (outcome.timedOut) throw new Error(`${program} took longer than ${timeout} s (ranking.timeout) and was stopped`);
    if (outcome.exitCode === undefined) throw new Error(`${program} could not be run: ${outcome.message}`);
    const result = runner.parse(outcome.stdout, outcome.exitCode);
    if (!result.ok) throw new Error(`${program} failed: ${firstLine(result.text) || firstLine(outcome.stderr) || `exit status ${outcome.exitCode}`}`);
    return result.text;
  };
}
