import { Command, CommanderError } from "commander";
import { isAgentmuxError } from "../util/errors.ts";
import { registerAccount } from "./account.ts";
import { registerAllow } from "./allow.ts";
import { registerUsage } from "./usage.ts";
import { registerDaemon } from "./daemon.ts";
import { registerDemo } from "./demo.ts";
import { registerDetect } from "./detect.ts";
import { registerDrive } from "./drive.ts";
import { registerHook } from "./hook.ts";
import { registerInit } from "./init.ts";
import { registerPublish } from "./publish.ts";
import { registerList } from "./list.ts";
import { registerManage } from "./manage.ts";
import { registerNew } from "./new.ts";
import { registerNavigate } from "./navigate.ts";
import { registerOrchestrate } from "./orchestrate.ts";
import { registerSetup } from "./setup.ts";
import { registerWatch } from "./watch.ts";
import { registerRestart } from "./restart.ts";
import { registerExit } from "./exit.ts";
import { registerHandoff } from "./handoff.ts";
import { registerRestore } from "./restore.ts";
import { registerExplain } from "./explain.ts";

export function buildProgram(): Command {
  const program = new Command("agentmux")
    .description("run and steer many AI coding agents in tmux")
    .version("0.1.0")
    .option("-L, --socket-name <name>", "talk to the tmux server with this socket name (tmux -L)")
    .option("-S, --socket-path <path>", "talk to the tmux server at this socket path (tmux -S)")
    .showHelpAfterError("(run agentmux --help for usage)")
    .exitOverride();
  registerNew(program);
  registerList(program);
  registerDrive(program);
  registerManage(program);
  registerOrchestrate(program);
  registerDaemon(program);
  registerDemo(program);
  registerDetect(program);
  registerHook(program);
  registerPublish(program);
  registerInit(program);
  registerSetup(program);
  registerWatch(program);
  registerAllow(program);
  registerAccount(program);
  registerUsage(program);
  registerNavigate(program);
  registerRestart(program);
  registerExit(program);
  registerHandoff(program);
  registerRestore(program);
  registerExplain(program);
  return program;
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  // `agentmux hook` runs inside agents' turns: it never fails and never prints.
  const isHook = argv.slice(2).find((a) => !a.startsWith("-")) === "hook";
  if (isHook) program.configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  try {
    await program.parseAsync(argv);
    // An action may end with a code of its own, having said why (daemon run leaving to another).
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (isHook) return 0;
    if (error instanceof CommanderError) return error.exitCode;
    if (isAgentmuxError(error)) {
      process.stderr.write(`agentmux: ${error.oneLine()}\n`);
      return error.exitCode;
    }
    process.stderr.write(`agentmux: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 70;
  }
}

process.exitCode = await main(process.argv);
