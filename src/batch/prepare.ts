import { statSync } from "node:fs";
import { resolve } from "node:path";
import { accountForLaunch } from "../accounts/launch-account.ts";
import { backendFlags, WITH_RUNNER } from "../backends/capable.ts";
import { getBackend } from "../backends/index.ts";
import type { Backend, RunOptions } from "../backends/shared/types.ts";
import type { Config } from "../config/config.ts";
import { AgentmuxError } from "../util/errors.ts";
import { places } from "../util/paths.ts";
import { which } from "../util/which.ts";
import { sharedDirProblem } from "../util/private-dir.ts";

/** Everything a batch or an audit needs before its first entry runs, checked up front. */
export interface PreparedRun {
  backend: Backend;
  program: string;
  dir: string;
  env: Record<string, string | undefined>;
  options: RunOptions;
  account: string | undefined;
  notice: string | undefined;
}

/** The variables that tie a process to an agentmux session: a run started from a session's shell must not report as that session. */
const SESSION_VARIABLES = ["AGENTMUX_TOKEN", "AGENTMUX_TOKEN_HASH", "AGENTMUX_SESSION", "AGENTMUX_SOCK"];

/** I/O: the backend (default from config), its program on PATH, the directory, and the account's home; throws before anything runs. */
export function prepareRun(config: Config, request: { backend?: string | undefined; account?: string | undefined; dir?: string | undefined }, env: NodeJS.ProcessEnv = process.env): PreparedRun {
  const backend = getBackend(request.backend ?? config.defaultBackend);
  if (!backend.runner) {
    throw new AgentmuxError(`${backend.label} has no non-interactive mode for batch runs`, { hint: `use ${backendFlags(WITH_RUNNER)}` });
  }
  const dir = resolve(request.dir ?? ".");
  let stats = null;
  try { stats = statSync(dir); } catch { /* missing */ }
  if (!stats?.isDirectory()) throw new AgentmuxError(`directory ${dir} does not exist`, { hint: "create it, or pass an existing directory" });
  const shared = sharedDirProblem(dir, stats);
  if (shared) throw shared;
  const program = config.backends[backend.name]?.program ?? backend.defaultProgram;
  if (!which(program, env["PATH"] ?? "")) {
    throw new AgentmuxError(`${backend.label} is not installed: "${program}" is not on PATH`, { hint: backend.installHint });
  }
  const chosen = accountForLaunch(config, backend.name, request.account, dir, { stateDir: places(env).stateDir });
  const runEnv: Record<string, string | undefined> = { ...env, ...chosen.env };
  for (const name of SESSION_VARIABLES) delete runEnv[name];
  const b = config.batch;
  const options: RunOptions = {
    permissionMode: b.permissionMode,
    maxTurns: b.maxTurns,
    allowedTools: b.allowedTools,
    model: b.model,
    appendSystemPrompt: b.appendSystemPrompt,
  };
  return { backend, program, dir, env: runEnv, options, account: chosen.account?.name ?? request.account, notice: chosen.notice };
}
