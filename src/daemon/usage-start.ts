import type { Pool } from "../accounts/accounts.ts";
import { selectedQuotas } from "../accounts/quota.ts";
import { routeToMember } from "../accounts/resolve.ts";
import { readSelection } from "../accounts/selection.ts";
import { pollTargets } from "../accounts/usage-fetch.ts";
import { UsagePoller } from "../accounts/usage-poller.ts";
import type { UsageRecord } from "../accounts/usage-store.ts";
import type { AccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import type { Logger } from "./log.ts";
import type { StatusPush } from "./status-push.ts";
import type { Tracked } from "./tracked.ts";

/**
 * The one usage poller: every account with a live session plus every pool member (src/accounts/).
 * With display.quota on, the status segment shows the selected accounts' quota, and `changed`
 * redraws it whenever a reading arrives.
 */
export function startUsagePoller(config: Config, tracked: Map<string, Tracked>, stateDir: string, log: Logger, tell: (text: string) => void, status?: StatusPush, changed?: () => void, onReading?: (record: UsageRecord) => void): UsagePoller {
  const live = () => [...tracked.values()].filter((t) => t.record.account && t.machine.state !== "exited").map((t) => ({ backend: t.backend, account: t.record.account }));
  // display.quota shows the selected accounts: they are polled too (a pool's members always are).
  const selected = () => (config.display.quota ? Object.entries(readSelection(stateDir).selected).map(([backend, account]) => ({ backend, account })) : []);
  const poller = new UsagePoller({
    config, stateDir, targets: () => pollTargets(config, [...live(), ...selected()]),
    onNotice: (text) => { log(`usage: ${text}`); tell(text); },
    onUpdate: (record) => { if (config.display.quota) changed?.(); onReading?.(record); },
  });
  if (status && config.display.quota) {
    const routed = (backend: AccountBackend, pool: Pool) => routeToMember({ config, backend, stateDir, readings: poller.reading }, pool, false).chosen;
    // The selection is read at each render: `agentmux account select` shows at the next one.
    status.quota = () => selectedQuotas(config, readSelection(stateDir).selected, poller.reading, routed, Date.now());
  }
  poller.start();
  return poller;
}
