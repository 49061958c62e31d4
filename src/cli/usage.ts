import type { Command } from "commander";
import { allTargets } from "../accounts/usage-fetch.ts";
import { UsagePoller } from "../accounts/usage-poller.ts";
import { readUsageCache, recordKey } from "../accounts/usage-store.ts";
import { renderUsage, usageRows } from "../accounts/usage-view.ts";
import { places } from "../util/paths.ts";
import { Context, printJson } from "./context.ts";

export function registerUsage(program: Command): void {
  program
    .command("usage")
    .description("the quota of every account: session and weekly %, resets, limits, age of the reading, last error")
    .option("--refresh", "fetch every account's reading now (a server's Retry-After is still honoured)")
    .option("--json", "print a JSON array")
    .action(async (options: { refresh?: boolean; json?: boolean }, command: Command) => {
      const config = Context.of(command).config;
      const stateDir = places().stateDir;
      if (options.refresh) {
        const poller = new UsagePoller({ config, stateDir, targets: () => allTargets(config) });
        await poller.poll(allTargets(config), "force");
      }
      const records = readUsageCache(stateDir);
      const now = Date.now();
      const rows = usageRows(config, (backend, account) => records.get(recordKey(backend, account)), now);
      if (options.json) { printJson(rows); return; }
      process.stdout.write(`${renderUsage(rows, { color: Boolean(process.stdout.isTTY) && !process.env["NO_COLOR"], now })}\n`);
    });
}
