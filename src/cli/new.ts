import type { Command } from "commander";
import { newSession } from "../control/new-session.ts";
import { BACKEND_NAMES } from "../backends/index.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { err, out, shown } from "../util/terminal-text.ts";

interface NewOptions {
  backend?: string; command?: string; dir?: string; account?: string; instance?: string;
  prompt?: string; submit: boolean; split?: boolean; detached?: boolean; json?: boolean; group?: string;
  worktree?: string | true; host?: string;
}

export function registerNew(program: Command): void {
  program
    .command("new")
    .description("start an agent session in a new window (or a split)")
    .option("-b, --backend <name>", `${BACKEND_NAMES.slice(0, -1).join(", ")} or ${BACKEND_NAMES.at(-1) ?? ""} (default from config)`)
    .option("-c, --command <cmd>", "run any command instead of an agent CLI")
    .option("-d, --dir <dir>", "the project directory (default: the current directory)")
    .option("-a, --account <name>", "the account to run under")
    .option("-i, --instance <name>", "an instance name, to tell sessions in one directory apart")
    .option("-p, --prompt <text>", "an initial prompt, handed to the CLI at launch")
    .option("--no-submit", "type the prompt into the CLI once it is ready, without Enter")
    .option("--split", "split the current pane instead of opening a window")
    .option("--detached", "do not switch to the new session")
    .option("-g, --group <group>", "put the session in a group (for group-send, group-kill, wait --group)")
    .option("-w, --worktree [name]", "start it in a new git worktree on a new branch NAME (default: the --instance, else named from the --prompt, else wt-HHMMSS) at the directory's HEAD")
    .option("--host <name>", "start it on another machine (a host of the config, docs/hosts.md); it prints HOST:PANE")
    .option("--json", "print the new session as JSON")
    .action(async (options: NewOptions, command: Command) => {
      const ctx = Context.of(command);
      // cli/host-verbs.ts carries `new --host` there before this parser runs; only a bad value gets here.
      if (options.host !== undefined) throw new AgentmuxError(`--host ${options.host}: no such host`, { hint: "agentmux hosts lists them", exitCode: EXIT.usage });
      const { prepared, launched, worktree } = await newSession(ctx, {
        group: options.group, backend: options.backend, command: options.command, dir: options.dir, account: options.account,
        instance: options.instance, prompt: options.prompt, submit: options.submit, split: options.split ?? false, worktree: options.worktree,
      }, (text) => err(shown`agentmux: ${text}\n`));
      // Never steal the keyboard from an agent driving us; a person inside tmux is taken to the new session.
      const focus = !options.detached && !process.env["AGENTMUX_SESSION"] && process.env["TMUX"] && !ctx.server.socketName && !ctx.server.socketPath;
      if (focus) await ctx.tmux.focus(launched.pane).catch(() => undefined);
      if (options.json) printJson({ ok: true, pane: launched.pane, backend: prepared.backend.name, dir: prepared.dir, group: options.group ?? null, worktree });
      else out(shown`${launched.pane}\n`);
    });
}
