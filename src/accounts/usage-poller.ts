import type { AccountBackend } from "../backends/account-homes.ts";
import { poolsOf } from "./accounts.ts";
import type { Config } from "../config/config.ts";
import type { UsageReading } from "../backends/shared/usage-http.ts";
import type { FetchOutcome } from "../backends/shared/usage-http.ts";
import { fetchUsage, type PollTarget } from "./usage-fetch.ts";
import { mergeRecords, readUsageCache, recordKey, writeUsageCache, type UsageRecord } from "./usage-store.ts";


/**
 * How far a poll reaches past the schedule: `scheduled` fetches what is due; `refresh` (after a
 * routing decision) ignores the interval but not a failure's backoff; `force` (the user asked)
 * ignores the backoff too, but never a server's Retry-After.
 */
export type PollMode = "scheduled" | "refresh" | "force";

export interface UsagePollerOptions {
  config: Config;
  stateDir: string;
  /** What to poll on each tick: every account with a live session plus every pool member. */
  targets: () => PollTarget[] | Promise<PollTarget[]>;
  fetch?: (target: PollTarget, now: number) => Promise<FetchOutcome>;
  now?: () => number;
  /** How often the schedule is checked (ms); fetches still happen only when due. */
  tickMs?: number;
  /** A failure whose reason changed, or a recovery: worth telling the user (network failures never are). */
  onNotice?: (text: string, record: UsageRecord) => void;
  /** Every record a fetch changed. */
  onUpdate?: (record: UsageRecord) => void;
}

/**
 * The one usage poller: owns the readings (read back from the state directory at construction,
 * written after every fetch), backs off per account, and answers routing's reading lookups.
 */
export class UsagePoller {
  private records: Map<string, UsageRecord>;
  private readonly inFlight = new Map<string, Promise<UsageRecord>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: UsagePollerOptions) {
    this.records = readUsageCache(options.stateDir);
    this.now = options.now ?? Date.now;
  }

  /** Poll now and then on every tick; a tick that fails (its targets could not be listed) is skipped. */
  start(): void {
    if (this.timer) return;
    const tick = () => void this.tick().catch(() => undefined);
    tick();
    this.timer = setInterval(tick, this.options.tickMs ?? 5000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Poll what is due among the current targets. */
  async tick(): Promise<UsageRecord[]> {
    return this.poll(await this.options.targets(), "scheduled");
  }

  async poll(targets: readonly PollTarget[], mode: PollMode = "scheduled"): Promise<UsageRecord[]> {
    const due = this.due(targets, mode);
    // At most LIMITS.usagePolls requests at once (docs/limits.md); p-queue loads on the first poll, not at start-up.
    const { LIMITS, mapLimited } = await import("../util/limit.ts");
    return mapLimited(due, LIMITS.usagePolls, (t) => this.fetchOne(t));
  }

  /**
   * The targets a poll in this mode would fetch now: for `scheduled`, those never read or whose
   * reading is older than usage.interval (a failure's backoff and a server's Retry-After still hold).
   */
  due(targets: readonly PollTarget[], mode: PollMode = "scheduled"): PollTarget[] {
    // Another process may have fetched since (agentmux usage --refresh): its newer records count here too.
    this.records = mergeRecords(readUsageCache(this.options.stateDir), this.records);
    const now = this.now();
    return targets.filter((t) => this.isDue(this.records.get(recordKey(t.backend, t.account.name)), mode, now));
  }

  /** The members of a pool, as poll targets (none for a pool the config does not declare). */
  poolTargets(backend: AccountBackend, pool: string): PollTarget[] {
    return (poolsOf(this.options.config, backend).find((p) => p.name === pool)?.members ?? []).map((account) => ({ backend, account }));
  }

  record(backend: AccountBackend, account: string): UsageRecord | undefined {
    return this.records.get(recordKey(backend, account));
  }

  /** The last good reading (routing judges its age). */
  reading = (backend: AccountBackend, account: string): UsageReading | undefined => this.record(backend, account)?.reading;

  all(): UsageRecord[] {
    return [...this.records.values()];
  }

  private isDue(record: UsageRecord | undefined, mode: PollMode, now: number): boolean {
    if (!record) return true;
    if (record.retryAt !== undefined && now < record.retryAt && (mode !== "force" || record.retryFromServer)) return false;
    return mode !== "scheduled" || record.nextAt === undefined || now >= record.nextAt;
  }

  private fetchOne(target: PollTarget): Promise<UsageRecord> {
    const key = recordKey(target.backend, target.account.name);
    const running = this.inFlight.get(key);
    if (running) return running;
    const fetch = this.options.fetch ?? ((t: PollTarget, now: number) => fetchUsage(t.backend, t.account, this.options.config.usage, now));
    const promise = fetch(target, this.now())
      .catch((error: unknown): FetchOutcome => ({ kind: "failed", failure: { message: error instanceof Error ? error.message : String(error), network: false } }))
      .then((outcome) => this.apply(target, outcome))
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private apply(target: PollTarget, outcome: FetchOutcome): UsageRecord {
    const now = this.now();
    const { interval, maxInterval } = this.options.config.usage;
    const key = recordKey(target.backend, target.account.name);
    const before: UsageRecord = this.records.get(key) ?? { backend: target.backend, account: target.account.name, failures: 0 };
    const next: UsageRecord = { ...before, nextAt: now + interval * 1000, updatedAt: now };
    let notice: string | undefined;
    const name = `${target.backend} account ${target.account.name}`;
    if (outcome.kind === "failed" && outcome.failure.network) {
      // Says nothing about the account: retried at the next poll, shown only in the usage view.
      next.error = { message: outcome.failure.message, network: true, at: now };
    } else if (outcome.kind === "failed") {
      const f = outcome.failure;
      next.failures = before.failures + 1;
      const waitMs = f.retryAfterMs ?? Math.min(interval * 2 ** (next.failures - 1), maxInterval) * 1000;
      next.retryAt = now + waitMs;
      next.nextAt = next.retryAt;
      next.retryFromServer = f.retryAfterMs !== undefined;
      next.error = { message: f.message, network: false, status: f.status, at: now };
      if (before.error?.network !== false || before.error.message !== f.message) notice = `${name}: usage: ${f.message}`;
    } else {
      if (before.error && !before.error.network) notice = `${name}: usage readable again`;
      Object.assign(next, { error: undefined, failures: 0, retryAt: undefined, retryFromServer: undefined });
      if (outcome.kind === "reading") Object.assign(next, { reading: outcome.reading, skipped: undefined });
      else next.skipped = outcome.reason;
    }
    this.records.set(key, next);
    this.records = writeUsageCache(this.options.stateDir, this.records.values());
    this.options.onUpdate?.(next);
    if (notice) this.options.onNotice?.(notice, next);
    return next;
  }
}
