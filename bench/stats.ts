/** Small statistics for benchmarks: percentiles over samples in ms. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

export const median = (samples: number[]): number => percentile(samples, 50);

export function fmt(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

export function verdict(ok: boolean): string {
  return ok ? "within target" : "OVER TARGET";
}
