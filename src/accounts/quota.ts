import { statSync } from "node:fs";
import { ACCOUNT_BACKENDS, type AccountBackend } from "../backends/account-homes.ts";
import type { Config } from "../config/config.ts";
import { lookupChoice, type Pool } from "./accounts.ts";
import { currentReading, isFresh } from "./reading.ts";
import type { UsageReading } from "../backends/shared/usage-http.ts";
import { readUsageCache, recordKey, usageCacheFile, type UsageRecord } from "./usage-store.ts";

/** What is left of an account's quota, as the status segment and the switcher show it. */
export interface Quota {
  /** 100 − the fuller of the two windows, whole percent; null without a reading. */
  remaining: number | null;
  limited: boolean;
  /** Older than usage.staleAfter. */
  stale: boolean;
}

/** Pure: the quota left as a reading stands now (a window whose reset passed is empty again). */
export function quotaOf(reading: UsageReading | undefined, now: number, staleAfterMs: number): Quota {
  if (!reading) return { remaining: null, limited: false, stale: false };
  const r = currentReading(reading, now);
  const used = Math.max(r.sessionPct ?? 0, r.weeklyPct ?? 0);
  return { remaining: Math.max(0, Math.min(100, Math.round(100 - used))), limited: r.limited, stale: !isFresh(reading, now, staleAfterMs) };
}

/** "62%", "limited", or "?" without a reading; a stale reading is marked "~62%". */
export function formatQuota(q: Quota): string {
  if (q.limited) return "limited";
  if (q.remaining === null) return "?";
  return `${q.stale ? "~" : ""}${q.remaining}%`;
}

export interface SelectedQuota { backend: AccountBackend; account: string; quota: Quota }

/**
 * Pure: per backend with a selection, the selected account (a pool: the member `routed` names,
 * the one a new session would get) and its quota. Names the config no longer declares, and pools
 * that cannot be routed, are left out.
 */
export function selectedQuotas(
  config: Config,
  selected: Partial<Record<AccountBackend, string>>,
  reading: (backend: AccountBackend, account: string) => UsageReading | undefined,
  routed: (backend: AccountBackend, pool: Pool) => string | undefined,
  now: number,
): SelectedQuota[] {
  const staleAfterMs = config.usage.staleAfter * 1000;
  return ACCOUNT_BACKENDS.flatMap((backend): SelectedQuota[] => {
    const name = selected[backend];
    if (name === undefined) return [];
    let account: string | undefined;
    try {
      const choice = lookupChoice(config, backend, name);
      account = choice.kind === "account" ? choice.account.name : routed(backend, choice.pool);
    } catch {
      return [];
    }
    return account === undefined ? [] : [{ backend, account, quota: quotaOf(reading(backend, account), now, staleAfterMs) }];
  });
}

/** "claude:work-a 62%" */
export function quotaLabel(q: SelectedQuota): string {
  return `${q.backend}:${q.account} ${formatQuota(q.quota)}`;
}

/**
 * The switcher's lookup: an account's remaining quota from the usage cache, re-read only when the
 * cache file changed. Unknown backends and accounts without a record answer "".
 */
export function cachedQuotaLookup(config: Config, stateDir: string, now: () => number = Date.now): (backend: string, account: string) => string {
  let seen = "";
  let records = new Map<string, UsageRecord>();
  return (backend, account) => {
    if (account === "" || !(ACCOUNT_BACKENDS as readonly string[]).includes(backend)) return "";
    let current = "none";
    try {
      const st = statSync(usageCacheFile(stateDir));
      // The cache is replaced by a rename: a new inode, and usually a new size; the mtime may be coarse.
      current = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch { /* no cache yet */ }
    if (current !== seen) {
      seen = current;
      records = readUsageCache(stateDir);
    }
    const record = records.get(recordKey(backend as AccountBackend, account));
    return record ? formatQuota(quotaOf(record.reading, now(), config.usage.staleAfter * 1000)) : "";
  };
}
