import type { Command } from "commander";
import { prepareLaunch } from "../session/launch.ts";
import { startSession } from "../lifecycle/start-session.ts";
import { BACKEND_NAMES } from "../backends/index.ts";
import { AgentmuxError, EXIT } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "./permission.ts";
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
      await requireControl(ctx, "new");
      if (options.group !== undefined && !/^[\w.-]{1,64}$/.test(options.group)) throw new AgentmuxError(`"${options.group}" is not a usable group name`, { hint: "use letters, digits, '.', '_' and '-'" });
      const request = {
        group: options.group,
        backend: options.backend, command: options.command, dir: options.dir, account: options.account,
        instance: options.instance, prompt: options.prompt, submit: options.submit, split: options.split ?? false,
      };
      const start = async (dir: string | undefined) => {
        const here = { ...request, dir };
        const prepared = prepareLaunch(here, ctx.config);
        if (prepared.accountNotice) err(shown`agentmux: ${prepared.accountNotice}\n`);
        return { prepared, launched: await startSession(ctx.tmux, here, prepared, (text) => err(shown`agentmux: ${text}\n`)) };
      };
      // Lazily: only a worktree start needs git and the worktree code.
      const inWorktree = options.worktree !== undefined ? await import("../branch/new-worktree.ts") : null;
      const plan = inWorktree ? await inWorktree.planNewWorktree(options.dir ?? process.cwd(), options.worktree ?? true, options.instance, ctx.config, new Date(), options.prompt) : null;
      if (inWorktree && plan) request.instance ??= inWorktree.branchInstance(plan.branch);
      const { prepared, launched } = inWorktree && plan ? await inWorktree.inNewWorktree(plan, start) : await start(options.dir);
      if (plan) err(shown`agentmux: in worktree ${plan.path} (branch ${plan.branch})\n`);
      // Never steal the keyboard from an agent driving us; a person inside tmux is taken to the new session.
      const focus = !options.detached && !process.env["AGENTMUX_SESSION"] && process.env["TMUX"] && !ctx.server.socketName && !ctx.server.socketPath;
      if (focus) await ctx.tmux.focus(launched.pane).catch(() => undefined);
      if (options.json) printJson({ ok: true, pane: launched.pane, backend: prepared.backend.name, dir: prepared.dir, group: options.group ?? null, worktree: plan ? { path: plan.path, branch: plan.branch, root: plan.root } : null });
      else out(shown`${launched.pane}\n`);
    });
}
