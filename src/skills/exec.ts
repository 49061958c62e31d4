import { execa } from "execa";
import type { RegisteredBackend } from "../backends/index.ts";
import type { RunOptions, RunResult } from "../backends/shared/types.ts";
import { AgentmuxError } from "../util/errors.ts";

/** The backends with a non-interactive runner, for the error that names them. */
export type RunnerBackends = readonly RegisteredBackend[];

/**
 * I/O: one non-interactive run of prompt through the backend's runner (`claude -p`, `codex exec`)
 * in dir: the result its JSON output reports. A program that cannot start is an AgentmuxError.
 */
export async function runOnce(backend: RegisteredBackend, program: string, prompt: string, options: RunOptions, dir: string, all: RunnerBackends): Promise<RunResult> {
  const runner = backend.runner;
  if (!runner) {
    const able = all.filter((b) => b.runner !== undefined).map((b) => b.name);
    throw new AgentmuxError(`${backend.label} has no non-interactive mode agentmux can run`, { hint: able.length > 0 ? `pass --backend ${able.join(" or --backend ")}` : "run the skill in a session with --to TARGET" });
  }
  const { args, stdin } = runner.args(prompt, options);
  const child = await execa(program, args, { cwd: dir, reject: false, stripFinalNewline: false, ...(stdin ? { input: prompt } : { stdin: "ignore" }) });
  if (child.failed && child.exitCode === undefined) {
    throw new AgentmuxError(`cannot run ${program}: ${child.shortMessage}`, { hint: backend.installHint });
  }
  return runner.parse(child.stdout, child.exitCode ?? 1);
}
