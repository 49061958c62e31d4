import { pollTargets } from "../accounts/usage-fetch.ts";
import { UsagePoller } from "../accounts/usage-poller.ts";
import { loadConfig, type Config } from "../config/config.ts";
import type { Logger } from "./log.ts";
import type { Tracked } from "./tracked.ts";

/** The one usage poller: every account with a live session plus every pool member (src/accounts/). */
export function startUsagePoller(tracked: Map<string, Tracked>, stateDir: string, log: Logger, tell: (text: string) => void): UsagePoller | null {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    log(`usage polling off: ${(error as Error).message.split("\n")[0]}`);
    return null;
  }
  const live = () => [...tracked.values()].filter((t) => t.record.account && t.machine.state !== "exited").map((t) => ({ backend: t.backend, account: t.record.account }));
  const poller = new UsagePoller({
    config, stateDir, targets: () => pollTargets(config, live()),
    onNotice: (text) => { log(`usage: ${text}`); tell(text); },
  });
  poller.start();
  return poller;
}
