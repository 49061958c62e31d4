/** Failed attempts per key in a sliding window: past the limit, the key is refused (429) until the window passes. */
export class RateLimit {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limit = 5, private readonly windowMs = 60_000) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Record a failure; answers whether the key is now over the limit. */
  fail(key: string, now = Date.now()): boolean {
    const kept = this.recent(key, now);
    kept.push(now);
    this.failures.set(key, kept);
    return kept.length > this.limit;
  }

  blocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.limit;
  }

  /** Seconds until the oldest failure leaves the window (the Retry-After). */
  retryAfter(key: string, now = Date.now()): number {
    const oldest = this.recent(key, now)[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }
}

/** Why an attempt is refused now: the 429's words and its Retry-After (seconds). */
export interface Refusal { error: string; retryAfter: number }

const OVERALL = "*";

/**
 * Wrong attempts at one secret (pairing codes, device tokens), counted per peer address and
 * overall, so that many addresses cannot guess together. The server asks and records in the same
 * synchronous step as the judgement (after the body is read, never before), so requests in flight
 * cannot all pass the check before the first is counted.
 */
export class Attempts {
  private readonly perAddress: RateLimit;
  private readonly overall: RateLimit;

  constructor(private readonly what: string, perAddress = 5, overall = 20, windowMs = 60_000) {
    this.perAddress = new RateLimit(perAddress, windowMs);
    this.overall = new RateLimit(overall, windowMs);
  }

  /** The refusal when this address made too many wrong attempts in the window, else null. */
  fromAddress(address: string, now = Date.now()): Refusal | null {
    if (!this.perAddress.blocked(address, now)) return null;
    const wait = this.perAddress.retryAfter(address, now);
    return { error: `too many wrong ${this.what} from ${address}: wait ${wait} s`, retryAfter: wait };
  }

  /** The refusal when all addresses together made too many wrong attempts in the window, else null. */
  fromAll(now = Date.now()): Refusal | null {
    if (!this.overall.blocked(OVERALL, now)) return null;
    const wait = this.overall.retryAfter(OVERALL, now);
    return { error: `too many wrong ${this.what} from all addresses together: wait ${wait} s`, retryAfter: wait };
  }

  failed(address: string, now = Date.now()): void {
    this.perAddress.fail(address, now);
    this.overall.fail(OVERALL, now);
  }
}
