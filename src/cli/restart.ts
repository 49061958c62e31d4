import type { Command } from "commander";
import { adoptServerHomes } from "../accounts/server-homes.ts";
import { offeredAccount, planRestart, restartSession } from "../lifecycle/restart.ts";
import { findSession } from "../session/store.ts";
import { targetOrCurrent } from "../session/target.ts";
import { Context, printJson } from "./context.ts";
import { confirm } from "./confirm.ts";
import { refreshRoutedPool } from "../daemon/asks.ts";
import { requireControl } from "../control/gate.ts";
import { forgetExited } from "../daemon/asks.ts";
import { guardPendingPrompts } from "../prompts/guard.ts";
import { carryCaptures } from "../prompts/store.ts";
import { isAccountBackend } from "../backends/account-homes.ts";
import { places } from "../util/paths.ts";
import { applySelection } from "./account-select.ts";
import { offersPicker, pickRestartAccount } from "./restart-picker.ts";
import { err, out, shown, warn } from "../util/terminal-text.ts";

export function registerRestart(program: Command): void {
  program
    .command("restart")
    .description("restart a session in place, resuming the same conversation")
    .argument("[target]", "pane id, display name or instance name (default: the current pane)")
    .option("-a, --account <name>", "restart under this account (or pool) instead; at a terminal without it, a picker of the pools and accounts with their usage asks (the choice becomes the selection)")
    .option("-y, --yes", "restart it even with captured prompts not inserted yet")
    .option("--json", "print the result as JSON")
    .action(async (target: string | undefined, options: { account?: string; yes?: boolean; json?: boolean }, command: Command) => {
      const ctx = Context.of(command);
      await requireControl(ctx, "restart");
      // Every session list shows, an exited one too (its conversation can be resumed).
      const session = await findSession(ctx.tmux, targetOrCurrent(target, "restart"), { includeExited: true });
      await guardPendingPrompts(session, "restart", { yes: options.yes === true, terminal: process.stdin.isTTY === true, ask: confirm });
      let account = options.account;
      // The account or pool a person picked: it becomes the selection for new sessions, once restarted.
      let select: string | undefined;
      const terminal = process.stdin.isTTY === true && process.stdout.isTTY === true;
      if (account === undefined && terminal && !options.json && offersPicker(session, ctx.config)) {
        // At a terminal without --account: the backend's pools and accounts with their usage (never without one).
        const pick = await pickRestartAccount(session, ctx.config, places().stateDir);
        if (pick.kind === "cancel") { out(shown`${session.name} not restarted\n`); return; }
        if (pick.kind === "account") account = select = pick.name;
      } else {
        // Another account selected since the session started: ask which one (never without a terminal).
        const offer = offeredAccount(session, ctx.config, options.account);
        if (offer && process.stdin.isTTY === true && await confirm(`${session.name} runs under ${session.account}, but ${offer} is selected for ${session.backend}. Restart it under ${offer}?`)) account = offer;
      }
      // Whether there is a conversation to resume is read where the session's CLI keeps it: the
      // homes the tmux server gives its panes, not this command's environment.
      await adoptServerHomes(ctx.tmux);
      const plan = planRestart(session, ctx.config, { account });
      if (plan.prepared.accountNotice) err(shown`agentmux: ${plan.prepared.accountNotice}\n`);
      const done = await restartSession(ctx.tmux, plan);
      // Under another account the session has another key: its captured prompts go with it.
      if ((done.account ?? "") !== session.account) {
        try {
          const moved = carryCaptures(session, { ...session, account: done.account ?? "" });
          if (moved > 0) err(shown`agentmux: moved ${moved} captured prompt${moved === 1 ? "" : "s"} along to ${done.account ?? "the default account"}\n`);
        } catch (error) {
          warn(`the captured prompts stayed with the old account: ${(error as Error).message}`);
        }
      }
      // Its pane was gone: the new one takes its place in the list.
      if (!session.window) await forgetExited(ctx.tmux, session.pane);
      if (select !== undefined && isAccountBackend(session.backend)) err(shown`agentmux: ${applySelection(ctx.config, session.backend, select, places().stateDir)}\n`);
      await refreshRoutedPool(ctx.tmux, plan.prepared);
      if (options.json) printJson({ ok: true, pane: done.pane, id: done.id || null, account: done.account ?? null, fresh: plan.fresh ?? null });
      else if (plan.fresh) out(shown`restarted ${session.name} (${done.pane}) fresh: ${plan.fresh}, so there was nothing to resume${done.account ? shown`; under ${done.account}` : ""}\n`);
      else out(shown`restarted ${session.name} (${done.pane}), resuming ${done.id}${done.account ? shown` under ${done.account}` : ""}\n`);
    });
}
