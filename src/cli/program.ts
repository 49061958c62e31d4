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
import { registerBranch } from "./branch.ts";
import { registerBranches } from "./branches.ts";
import { registerResume } from "./resume.ts";
import { registerExit } from "./exit.ts";
import { registerHandoff } from "./handoff.ts";
import { registerRestore } from "./restore.ts";
import { registerExplain } from "./explain.ts";
import { registerCompletion } from "./completion.ts";
import { registerSide } from "./side.ts";
import { registerSkill } from "./skill.ts";
import { registerBatch } from "./batch.ts";
import { registerProjects } from "./projects.ts";
import { registerRoute } from "./route.ts";
import { registerPrompt } from "./prompt.ts";
import { registerInbox } from "./inbox.ts";
import { registerRemote } from "./remote.ts";
import { registerChief } from "./chief.ts";
import { registerTheme } from "./theme.ts";
import { registerHosts } from "./hosts.ts";
import { registerDoctor } from "./doctor.ts";
import { registerStream } from "./stream.ts";
import { registerAnswer } from "./answer.ts";
import { registerDiff } from "./diff.ts";
import { registerMerge } from "./merge.ts";
import { registerWorktree } from "./worktree.ts";
import { registerReview } from "./review.ts";
import { registerMcp } from "./mcp.ts";
import { addTargetFlags } from "./target-flag.ts";
import { applyFlagRules } from "./flag-rules.ts";
import { VERSION } from "./version.ts";

/** The whole CLI as a commander program, without running it (main.ts parses argv with it; completions and tests read it). */
export function buildProgram(options: { jsonErrors?: boolean } = {}): Command {
  const program = new Command("agentmux")
    .description("run and steer many AI coding agents in tmux")
    .version(VERSION)
    .option("-L, --socket-name <name>", "talk to the tmux server with this socket name (tmux -L)")
    .option("-S, --socket-path <path>", "talk to the tmux server at this socket path (tmux -S)")
    .showHelpAfterError("(run agentmux --help for usage)")
    .exitOverride();
  // Under --json a usage error is printed as JSON by main.ts (report-error.ts), not as text here.
  if (options.jsonErrors) program.configureOutput({ outputError: () => undefined, writeErr: () => undefined });
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
  registerBranch(program);
  registerBranches(program);
  registerResume(program);
  registerExit(program);
  registerHandoff(program);
  registerRestore(program);
  registerExplain(program);
  registerSide(program);
  registerSkill(program);
  registerBatch(program);
  registerProjects(program);
  registerRoute(program);
  registerPrompt(program);
  registerInbox(program);
  registerRemote(program);
  registerChief(program);
  registerTheme(program);
  registerHosts(program);
  registerDoctor(program);
  registerStream(program);
  registerAnswer(program);
  registerDiff(program);
  registerMerge(program);
  registerWorktree(program);
  registerReview(program);
  registerMcp(program);
  registerCompletion(program);
  addTargetFlags(program);
  applyFlagRules(program);
  return program;
}

/**
 * argv for the program: --help after a command that does not exist is dropped, so the unknown
 * command fails as it does bare (exit 2, "unknown command"), instead of printing the root help
 * and exiting 0 (`agentmux diff --help`).
 */
export function helpOnlyForKnown(program: Command, argv: string[]): string[] {
  const args = argv.slice(2);
  let i = 0;
  while (i < args.length && (args[i] ?? "").startsWith("-")) i += args[i] === "-L" || args[i] === "-S" || args[i] === "--socket-name" || args[i] === "--socket-path" ? 2 : 1;
  const verb = args[i];
  if (verb === undefined || verb === "help") return argv;
  const known = program.commands.some((c) => c.name() === verb || c.aliases().includes(verb));
  return known ? argv : argv.filter((a, j) => j < 2 || (a !== "--help" && a !== "-h"));
}

