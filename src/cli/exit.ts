import type { Command } from "commander";
import { exitSession } from "../lifecycle/exit.ts";
import { findSession } from "../session/store.ts";
import { Context, printJson } from "./context.ts";
import { requireControl } from "../control/gate.ts";
import { targetOrCurrent } from "../session/target.ts";
import { guardPendingPrompts } from "../prompts/guard.ts";
import { confirm } from "./confirm.ts";
import { out, shown } from "../util/terminal-text.ts";

export function registerExit(program: Command): void {
  program
    .command("exit")
    .description("close a session after running its before-exit skills (config exit.skills); again: show how far they got")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("--now", "close at once, without the before-exit skills")
    .option("-y, --yes", "close it even with captured prompts not inserted yet")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: { now?: boolean; yes?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "exit");
      const session = await findSession(ctx.tmux, targetOrCurrent(target, "exit"), { includeExited: true });
      await guardPendingPrompts(session, "exit", { yes: options.yes === true, terminal: process.stdin.isTTY === true, ask: confirm });
      const answer = await exitSession(ctx.tmux, session, options.now === true);
      if (options.json) printJson({ ok: true, pane: session.pane, name: session.name, ...answer });
      else if (answer.result === "closed") out(answer.already ? shown`${session.name} (${session.pane}) ${answer.state}: nothing to close\n` : shown`closed ${session.name} (${session.pane})\n`);
      else out(shown`exit ${session.name}${answer.already ? " is under way" : ""}: ${answer.state}\n`);
    });
}
