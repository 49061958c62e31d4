/** Failed attempts per peer address in a sliding window: past the limit, the address is refused (429) until the window passes. */
export class RateLimit {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limit = 5, private readonly windowMs = 60_000) {}

  private recent(address: string, now: number): number[] {
    const kept = (this.failures.get(address) ?? []).filter((at) => now - at < this.windowMs);
    if (kept.length === 0) this.failures.delete(address);
    else this.failures.set(address, kept);
    return kept;
  }

  /** Record a failure; answers whether the address is now over the limit. */
  fail(address: string, now = Date.now()): boolean {
    const kept = this.recent(address, now);
    kept.push(now);
    this.failures.set(address, kept);
    return kept.length > this.limit;
  }

  blocked(address: string, now = Date.now()): boolean {
    return this.recent(address, now).length >= this.limit;
  }

  /** Seconds until the oldest failure leaves the window (the Retry-After). */
  retryAfter(address: string, now = Date.now()): number {
    const oldest = this.recent(address, now)[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }
}
