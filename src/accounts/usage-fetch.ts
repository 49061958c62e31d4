import { ACCOUNT_BACKENDS, HOME_FACTS, type AccountBackend } from "../backends/account-homes.ts";
import type { AccountEntry, UsageSettings } from "../config/accounts.ts";
import type { Config } from "../config/config.ts";
import { accountsOf, poolsOf } from "./accounts.ts";
import type { FetchOutcome } from "../backends/shared/usage-http.ts";


/** One account of one backend whose usage is fetched. */
export interface PollTarget { backend: AccountBackend; account: AccountEntry }

/** One account's quota, from its backend's usage endpoint (usage.<backend>.url). */
export function fetchUsage(backend: AccountBackend, account: AccountEntry, usage: UsageSettings, now: number, timeoutMs = 20_000): Promise<FetchOutcome> {
  return HOME_FACTS[backend].fetchUsage(account.home, usage[backend].url, { now, timeoutMs });
}

/**
 * What the poller watches: every pool member of every backend, plus the accounts of live sessions
 * (`live`: backend and account name as recorded on each session; unknown names are ignored).
 */
export function pollTargets(config: Config, live: ReadonlyArray<{ backend: string; account: string }> = []): PollTarget[] {
  const seen = new Set<string>();
  const targets: PollTarget[] = [];
  const add = (backend: AccountBackend, account: AccountEntry) => {
    const key = `${backend}/${account.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    targets.push({ backend, account });
  };
  for (const backend of ACCOUNT_BACKENDS) {
    for (const pool of poolsOf(config, backend)) pool.members.forEach((m) => add(backend, m));
    for (const account of accountsOf(config, backend)) {
      if (live.some((s) => s.backend === backend && s.account === account.name)) add(backend, account);
    }
  }
  return targets;
}

/** Every declared account (what `agentmux usage --refresh` fetches). */
export function allTargets(config: Config): PollTarget[] {
  return ACCOUNT_BACKENDS.flatMap((backend) => accountsOf(config, backend).map((account) => ({ backend, account })));
}
