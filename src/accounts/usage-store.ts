import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isAccountBackend, type AccountBackend } from "../backends/account-homes.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import type { UsageReading } from "../backends/usage-http.ts";

/** Everything known about one account's usage: the last reading, and the last failure with its retry time. */
export interface UsageRecord {
  backend: AccountBackend;
  account: string;
  /** The last good reading (kept through failures). */
  reading?: UsageReading | undefined;
  /** Why the account has no quota to read (an API key); not an error. */
  skipped?: string | undefined;
  /** The last failure, cleared by the next good reading. */
  error?: { message: string; network: boolean; status?: number | undefined; at: number } | undefined;
  /** Consecutive failures (network failures not counted). */
  failures: number;
  /** Not fetched again before this time (ms); a server's Retry-After when retryFromServer. */
  retryAt?: number | undefined;
  retryFromServer?: boolean | undefined;
  /** When the poller fetches it next (ms). */
  nextAt?: number | undefined;
}

export const recordKey = (backend: AccountBackend, account: string): string => `${backend}/${account}`;

export function usageCacheFile(stateDir: string): string {
  return join(stateDir, "usage", "readings.json");
}

function validReading(value: unknown): value is UsageReading {
  return isJsonObject(value) && typeof value["fetchedAt"] === "number" && typeof value["limited"] === "boolean";
}

/** The cached records; a missing or damaged cache is empty (the next poll refills it). */
export function readUsageCache(stateDir: string): Map<string, UsageRecord> {
  const records = new Map<string, UsageRecord>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(usageCacheFile(stateDir), "utf8"));
  } catch {
    return records;
  }
  const list = isJsonObject(parsed) && Array.isArray(parsed["records"]) ? parsed["records"] : [];
  for (const item of list) {
    if (!isJsonObject(item) || typeof item["backend"] !== "string" || !isAccountBackend(item["backend"]) || typeof item["account"] !== "string") continue;
    const record = { ...(item as unknown as UsageRecord), failures: typeof item["failures"] === "number" ? item["failures"] : 0 };
    if (!validReading(record.reading)) delete record.reading;
    records.set(recordKey(record.backend, record.account), record);
  }
  return records;
}

/** Write every record through a temporary file renamed into place. */
export function writeUsageCache(stateDir: string, records: Iterable<UsageRecord>): void {
  writeFileAtomic(usageCacheFile(stateDir), `${JSON.stringify({ version: 1, records: [...records] }, null, 1)}\n`, 0o600);
}

/** The cached readings as routing's lookup (for commands that run without the daemon's poller). */
export function cachedReadings(stateDir: string): (backend: AccountBackend, account: string) => UsageReading | undefined {
  const records = readUsageCache(stateDir);
  return (backend, account) => records.get(recordKey(backend, account))?.reading;
}
