import type { UsageReading } from "../backends/shared/usage-http.ts";

/**
 * The reading as it stands now: a window whose reset time has passed is a fresh window (0 %), and
 * a limit ends once every window it reported has reset.
 */
export function currentReading(reading: UsageReading, now: number): UsageReading {
  const passed = (at: number | null) => at !== null && at <= now;
  const resets = [reading.sessionResetsAt, reading.weeklyResetsAt].filter((at): at is number => at !== null);
  return {
    ...reading,
    sessionPct: passed(reading.sessionResetsAt) ? 0 : reading.sessionPct,
    weeklyPct: passed(reading.weeklyResetsAt) ? 0 : reading.weeklyPct,
    limited: reading.limited && !(resets.length > 0 && resets.every((at) => at <= now)),
  };
}

/** Whether a reading still counts for routing. */
export function isFresh(reading: UsageReading | undefined, now: number, staleAfterMs: number): reading is UsageReading {
  return reading !== undefined && now - reading.fetchedAt <= staleAfterMs;
}

/** Lower is better: the larger of the two windows (weekly breaks ties, see compareReadings). */
export function usageScore(reading: UsageReading): number {
  return Math.max(reading.sessionPct ?? 0, reading.weeklyPct ?? 0);
}

/** Set aside by routing: limited, or either window full. */
export function isExhausted(reading: UsageReading): boolean {
  return reading.limited || (reading.sessionPct ?? 0) >= 100 || (reading.weeklyPct ?? 0) >= 100;
}

/** When an exhausted account can be used again: the latest reset among its full windows (else its soonest reset). */
export function availableAt(reading: UsageReading, now: number): number {
  const full = [[reading.sessionPct, reading.sessionResetsAt], [reading.weeklyPct, reading.weeklyResetsAt]] as const;
  const fullResets = full.filter(([pct, at]) => (pct ?? 0) >= 100 && at !== null).map(([, at]) => at as number);
  if (fullResets.length > 0) return Math.max(...fullResets);
  const future = [reading.sessionResetsAt, reading.weeklyResetsAt].filter((at): at is number => at !== null && at > now);
  return future.length > 0 ? Math.min(...future) : Infinity;
}

/** "session 12 %, weekly 40 %" */
export function describeReading(reading: UsageReading | undefined): string {
  if (!reading) return "no reading";
  const pct = (v: number | null) => (v === null ? "-" : `${Math.round(v)} %`);
  return `session ${pct(reading.sessionPct)}, weekly ${pct(reading.weeklyPct)}${reading.limited ? ", limited" : ""}`;
}
