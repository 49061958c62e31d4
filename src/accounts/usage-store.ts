import { join } from "node:path";
import { isAccountBackend, type AccountBackend } from "../backends/account-homes.ts";
import { writeFileAtomic } from "../util/atomic-write.ts";
import { isJsonObject } from "../util/json.ts";
import { withFileLock } from "../util/lock-file.ts";
import { readStateFile } from "../util/state-file.ts";
import type { UsageReading } from "../backends/shared/usage-http.ts";

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
  /** When this record last changed (ms): of two writers' copies the newer wins. */
  updatedAt?: number | undefined;
}

export const recordKey = (backend: AccountBackend, account: string): string => `${backend}/${account}`;

export function usageCacheFile(stateDir: string): string {
  return join(stateDir, "usage", "readings.json");
}

function validReading(value: unknown): value is UsageReading {
  return isJsonObject(value) && typeof value["fetchedAt"] === "number" && typeof value["limited"] === "boolean";
}

const hasRecords = (value: unknown): boolean => isJsonObject(value) && Array.isArray(value["records"]);

/**
 * The cached records; a missing cache is empty, and so is a corrupt one (the readings are unknown
 * until the next poll refills them): it is kept aside and warned about, naming both files.
 */
export function readUsageCache(stateDir: string, keepAside?: boolean): Map<string, UsageRecord> {
  const records = new Map<string, UsageRecord>();
  const read = readStateFile(usageCacheFile(stateDir), { valid: hasRecords, ...(keepAside ? { keepAside } : {}) });
  const parsed = read.kind === "ok" ? read.value : undefined;
  const list = isJsonObject(parsed) && Array.isArray(parsed["records"]) ? parsed["records"] : [];
  for (const item of list) {
    if (!isJsonObject(item) || typeof item["backend"] !== "string" || !isAccountBackend(item["backend"]) || typeof item["account"] !== "string") continue;
    const record = { ...(item as unknown as UsageRecord), failures: typeof item["failures"] === "number" ? item["failures"] : 0 };
    if (!validReading(record.reading)) delete record.reading;
    records.set(recordKey(record.backend, record.account), record);
  }
  return records;
}

/** When a record last changed: its own stamp, else (written before there was one) its reading's or failure's time. */
export function recordTime(record: UsageRecord): number {
  return record.updatedAt ?? Math.max(record.reading?.fetchedAt ?? 0, record.error?.at ?? 0);
}

/** Pure: both copies' records, the newer of each pair kept (b's on a tie). */
export function mergeRecords(a: Map<string, UsageRecord>, b: Map<string, UsageRecord>): Map<string, UsageRecord> {
  const merged = new Map(a);
  for (const [key, record] of b) {
    const other = merged.get(key);
    if (!other || recordTime(record) >= recordTime(other)) merged.set(key, record);
  }
  return merged;
}

/**
 * Write these records, merged under the cache's lock with what the file holds now: another process
 * (the daemon's poller, or `agentmux usage --refresh`) may have written newer readings since this
 * one read it, and those survive. Returns the merged records.
 */
export function writeUsageCache(stateDir: string, records: Iterable<UsageRecord>): Map<string, UsageRecord> {
  const file = usageCacheFile(stateDir);
  const mine = new Map([...records].map((r) => [recordKey(r.backend, r.account), r]));
  return withFileLock(file, () => {
    const merged = mergeRecords(readUsageCache(stateDir, true), mine);
    writeFileAtomic(file, `${JSON.stringify({ version: 1, records: [...merged.values()] }, null, 1)}\n`, 0o600);
    return merged;
  });
}

/** The cached readings as routing's lookup (for commands that run without the daemon's poller). */
export function cachedReadings(stateDir: string): (backend: AccountBackend, account: string) => UsageReading | undefined {
  const records = readUsageCache(stateDir);
  return (backend, account) => records.get(recordKey(backend, account))?.reading;
}
