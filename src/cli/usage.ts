import type { Command } from "commander";
import { allTargets } from "../accounts/usage-fetch.ts";
import { UsagePoller } from "../accounts/usage-poller.ts";
import { readUsageCache, recordKey } from "../accounts/usage-store.ts";
import { renderUsage, usageRows } from "../accounts/usage-view.ts";
import type { Config } from "../config/config.ts";
import { colorAllowed } from "../util/color.ts";
import { places } from "../util/paths.ts";
import { Context, printJson } from "./context.ts";
import { liveUsage } from "./usage-live.ts";

async function refreshAll(config: Config, stateDir: string): Promise<void> {
  const poller = new UsagePoller({ config, stateDir, targets: () => allTargets(config) });
  await poller.poll(allTargets(config), "force");
}

export function registerUsage(program: Command): void {
  program
    .command("usage")
    .description("the quota of every account: session and weekly %, resets, limits, age of the reading, last error; at a terminal, redrawn as readings arrive")
    .option("--refresh", "fetch every account's reading now (a server's Retry-After is still honoured)")
    .option("--once", "print the table once, even at a terminal")
    .option("--json", "print a JSON array")
    .action(async (options: { refresh?: boolean; once?: boolean; json?: boolean }, command: Command) => {
      const config = Context.of(command).config;
      const stateDir = places().stateDir;
      const color = Boolean(process.stdout.isTTY) && colorAllowed();
      if (!options.json && !options.once && process.stdout.isTTY && process.stdin.isTTY) {
        await liveUsage({ config, stateDir, color, refresh: () => refreshAll(config, stateDir), refreshFirst: options.refresh ?? false });
        return;
      }
      if (options.refresh) await refreshAll(config, stateDir);
      const records = readUsageCache(stateDir);
      const now = Date.now();
      const rows = usageRows(config, (backend, account) => records.get(recordKey(backend, account)), now);
      if (options.json) { printJson(rows); return; }
      process.stdout.write(`${renderUsage(rows, { color, now })}\n`);
    });
}
