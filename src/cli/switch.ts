import type { Command } from "commander";
import { cachedQuotaLookup } from "../accounts/quota.ts";
import { openSwitcher } from "../switcher/open.ts";
import { places } from "../util/paths.ts";
import { Context } from "./context.ts";

/** The commander form of `agentmux switch` (for --help; bin/agentmux.js usually takes the fast path in src/cli/fast-path.ts). */
export function registerSwitch(program: Command): void {
  program
    .command("switch")
    .description("pick a session from a list and jump to it: its key jumps at once, / filters, Enter takes the highlighted one")
    .option("--client <name>", "the tmux client to switch (the popup binding passes #{client_name})")
    .action(async (options: { client?: string }, command: Command) => {
      const ctx = Context.of(command);
      const settings = async () => ({
        ...ctx.config.switcher, backendSuffix: ctx.config.display.backendSuffix, stats: ctx.config.stats.command ?? null,
        quota: ctx.config.display.quota ? cachedQuotaLookup(ctx.config, places().stateDir) : null, hosts: ctx.config.hosts,
      });
      await openSwitcher({ tmux: ctx.tmux, server: ctx.server, client: options.client, settings });
    });
}
