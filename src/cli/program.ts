import { Command } from "commander";
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
import { VERSION } from "./version.ts";

/** The full CLI: every command, through commander (the key-bound verbs also have a fast path: cli/fast-path.ts). */
export function buildProgram(): Command {
  const program = new Command("agentmux")
    .description("run and steer many AI coding agents in tmux")
    .version(VERSION)
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
