import type { Command } from "commander";
import { planHandoff } from "../lifecycle/handoff.ts";
import { handoffSource, replaceSession } from "../lifecycle/handoff-run.ts";
import { findSession, type NamedSession } from "../session/store.ts";
import { AgentmuxError } from "../util/errors.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { targetOrCurrent } from "../session/target.ts";
import { guardPendingPrompts } from "../prompts/guard.ts";
import { confirm } from "./confirm.ts";
import { err, out, shown } from "../util/terminal-text.ts";

interface HandoffOptions { to?: string; from?: string; yes?: boolean; json?: boolean }

export function registerHandoff(program: Command): void {
  program
    .command("handoff")
    .description("close a session and start a new one with its handoff file as the first prompt")
    .argument("[target]", "the session: pane id, display name or instance name (default: the current pane); with --from, the target directory")
    .option("--to <dir>", "start the new session in this directory (over the file's target-directory)")
    .option("--from <pane>", "for agents: hand off the session in this pane (else the single session in the current directory)")
    .option("-y, --yes", "hand it off even with captured prompts not inserted yet")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: HandoffOptions, command: Command) => {
      const ctx = Context.of(command);
      let session: NamedSession;
      let to = options.to;
      if (options.from !== undefined) {
        if (target !== undefined && to !== undefined) throw new AgentmuxError("handoff --from takes the target directory once", { hint: "pass DIR or --to DIR, not both" });
        to = target ?? to;
        session = await handoffSource(ctx.tmux, options.from, ctx.config.display.backendSuffix);
      } else {
        session = await findSession(ctx.tmux, targetOrCurrent(target, "handoff"), { includeExited: true });
      }
      // An agent handing itself off needs no control API; acting on another session does.
      await requireControl(ctx, "handoff", session.pane);
      const plan = planHandoff(session, ctx.config, { to, cwd: process.cwd() });
      if (plan.prepared.accountNotice) err(shown`agentmux: ${plan.prepared.accountNotice}\n`);
      await guardPendingPrompts(session, "handoff", { yes: options.yes === true, terminal: process.stdin.isTTY === true, ask: confirm });
      const launched = await replaceSession(ctx.tmux, plan);
      const { dir } = plan.prepared;
      if (options.json) {
        printJson({ ok: true, from: session.pane, pane: launched.pane, backend: plan.prepared.backend.name, dir, directoryFrom: plan.directory.origin, account: plan.prepared.account ?? null, file: plan.file });
      } else {
        out(shown`handed off ${session.name} (${session.pane}) → ${launched.pane} in ${dir}\n`);
      }
    });
}
