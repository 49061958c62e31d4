import type { Command } from "commander";
import { allTargets } from "../accounts/usage-fetch.ts";
import { UsagePoller } from "../accounts/usage-poller.ts";
import { readUsageCache, recordKey } from "../accounts/usage-store.ts";
import { renderUsage, usageRows } from "../accounts/usage-view.ts";
import type { Config } from "../config/config.ts";
import { colorAllowed } from "../util/color.ts";
import { places } from "../util/paths.ts";
import { Context, printJson } from "./context.ts";
import { liveUsage, type LiveUsageOptions } from "./usage-live.ts";
import { out, ownEscapes } from "../util/terminal-text.ts";

async function refreshAll(config: Config, stateDir: string): Promise<void> {
  const poller = new UsagePoller({ config, stateDir, targets: () => allTargets(config) });
  await poller.poll(allTargets(config), "force");
}

/**
 * On opening the live view: the accounts whose readings are older than usage.interval (or were
 * never read) are fetched now, the cache shown meanwhile. Undefined when every reading is fresh.
 */
function fetchOnOpen(config: Config, stateDir: string): LiveUsageOptions["openFetch"] {
  const poller = new UsagePoller({ config, stateDir, targets: () => allTargets(config) });
  const due = poller.due(allTargets(config), "scheduled");
  if (due.length === 0) return undefined;
  const what = due.length === 1 ? "1 reading" : `${due.length} readings`;
  return { note: `fetching ${what} older than ${config.usage.interval}s…`, run: async () => { await poller.poll(due, "scheduled"); } };
}

export function registerUsage(program: Command): void {
  program
    .command("usage")
    .description("the quota of every account: session and weekly %, resets, limits, age of the reading, last error; at a terminal, redrawn as readings arrive")
    .option("--refresh", "fetch every account's reading now (a server's Retry-After is still honoured)")
    .option("--cached", "at a terminal, show only the cached readings: fetch nothing on open (by default, readings older than usage.interval are fetched)")
    .option("--once", "print the table once, even at a terminal")
    .option("--json", "print a JSON array")
    .action(async (options: { refresh?: boolean; cached?: boolean; once?: boolean; json?: boolean }, command: Command) => {
      const config = Context.of(command).config;
      const stateDir = places().stateDir;
      const color = Boolean(process.stdout.isTTY) && colorAllowed();
      if (!options.json && !options.once && process.stdout.isTTY && process.stdin.isTTY) {
        const refreshFirst = options.refresh ?? false;
        const openFetch = refreshFirst || options.cached ? undefined : fetchOnOpen(config, stateDir);
        await liveUsage({ config, stateDir, color, refresh: () => refreshAll(config, stateDir), refreshFirst, openFetch });
        return;
      }
      if (options.refresh) await refreshAll(config, stateDir);
      const records = readUsageCache(stateDir);
      const now = Date.now();
      const rows = usageRows(config, (backend, account) => records.get(recordKey(backend, account)), now);
      if (options.json) { printJson(rows); return; }
      out(ownEscapes(`${renderUsage(rows, { color, now })}\n`));
    });
}
