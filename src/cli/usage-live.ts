import { mkdirSync, watch, type FSWatcher } from "node:fs";
import { dirname } from "node:path";
import { emitKeypressEvents } from "node:readline";
import { readUsageCache, recordKey, usageCacheFile, type UsageRecord } from "../accounts/usage-store.ts";
import { renderUsage, usageRows } from "../accounts/usage-view.ts";
import type { Config } from "../config/config.ts";
import { takeTerminal } from "../util/terminal.ts";

export interface LiveUsageOptions {
  config: Config;
  stateDir: string;
  /** Fetch every account now (the r key, and --refresh at the start). */
  refresh: () => Promise<void>;
  refreshFirst: boolean;
  /** Run once on open (the readings older than usage.interval), its note shown until it ends. */
  openFetch?: { note: string; run: () => Promise<void> } | undefined;
  color: boolean;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

/** Pure: the live view's screen: the table, then the key help (or what a refresh is doing). */
export function liveFrame(config: Config, records: Map<string, UsageRecord>, now: number, options: { color: boolean; note: string }): string {
  const rows = usageRows(config, (backend, account) => records.get(recordKey(backend, account)), now);
  const help = `r refresh · q quit · redrawn as readings arrive${options.note ? ` · ${options.note}` : ""}`;
  return `${renderUsage(rows, { color: options.color, now }).split("\n").join("\r\n")}\r\n\r\n${options.color ? `\x1b[2m${help}\x1b[0m` : help}`;
}

/**
 * `agentmux usage` at a terminal: the table on the alternate screen, read again whenever the usage
 * cache changes (the daemon's poller, or a refresh, wrote it), ages redrawn every 15 s, until q,
 * Escape or Ctrl-C. Long lines are clipped, not wrapped (autowrap off while it runs).
 */
export async function liveUsage(options: LiveUsageOptions): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const file = usageCacheFile(options.stateDir);
  mkdirSync(dirname(file), { recursive: true });
  let records = readUsageCache(options.stateDir);
  let note = "";
  // A fetch still running when the view closed must not draw over the shell's screen.
  let closed = false;
  const draw = () => closed || stdout.write(`\x1b[H${liveFrame(options.config, records, Date.now(), { color: options.color, note }).split("\r\n").map((l) => `${l}\x1b[K`).join("\r\n")}\x1b[J`);
  emitKeypressEvents(stdin);
  const giveBack = takeTerminal(stdin, stdout, { alternate: true, noWrap: true });
  draw();
  await new Promise<void>((resolve) => {
    let reread: NodeJS.Timeout | undefined;
    // The cache is replaced by a rename: watch its directory, and read once the writes settle.
    const watcher: FSWatcher = watch(dirname(file), () => {
      if (reread) clearTimeout(reread);
      reread = setTimeout(() => { records = readUsageCache(options.stateDir); draw(); }, 30);
    });
    const ages = setInterval(draw, 15_000);
    let refreshing = false;
    const refresh = (run = options.refresh, doing = "refreshing…") => {
      if (refreshing) return;
      refreshing = true;
      note = doing;
      draw();
      void run().then(() => { note = ""; }, (error: unknown) => { note = `refresh failed: ${error instanceof Error ? error.message : String(error)}`; })
        .finally(() => { refreshing = false; records = readUsageCache(options.stateDir); draw(); });
    };
    const finish = () => {
      closed = true;
      watcher.close();
      clearInterval(ages);
      if (reread) clearTimeout(reread);
      stdin.off("keypress", onKey);
      stdout.off("resize", draw);
      giveBack();
      resolve();
    };
    // Keys from Node's own parser (readline.emitKeypressEvents): this view is not on a key
    // binding's hot path, so a lone Escape may wait readline's escape timeout.
    const onKey = (text: string | undefined, key: { name?: string; ctrl?: boolean } | undefined) => {
      if (text === "q" || key?.name === "escape" || (key?.ctrl === true && key.name === "c")) return finish();
      if (text === "r") refresh();
    };
    stdin.on("keypress", onKey);
    stdout.on("resize", draw);
    if (options.refreshFirst) refresh();
    else if (options.openFetch) refresh(options.openFetch.run, options.openFetch.note);
  });
}
