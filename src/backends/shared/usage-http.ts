/** One usage reading of an account, normalised across backends. Times are ms since the epoch. */
export interface UsageReading {
  /** Percent used of the short (session) window; null when the backend reports none. */
  sessionPct: number | null;
  /** Percent used of the long (weekly) window; null when the backend reports none. */
  weeklyPct: number | null;
  sessionResetsAt: number | null;
  weeklyResetsAt: number | null;
  /** The backend refuses further requests. */
  limited: boolean;
  fetchedAt: number;
}

/** Why a fetch failed. `network`: no HTTP answer at all (says nothing about the account). */
export interface UsageFailure {
  message: string;
  network: boolean;
  status?: number | undefined;
  /** The server's Retry-After, in ms. */
  retryAfterMs?: number | undefined;
}

/** What one fetch produced: a reading, a quiet skip (an API-key account has no quota), or a failure. */
export type FetchOutcome =
  | { kind: "reading"; reading: UsageReading }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; failure: UsageFailure };

export const failed = (message: string, extra: Omit<UsageFailure, "message" | "network"> & { network?: boolean } = {}): FetchOutcome => ({
  kind: "failed",
  failure: { message, network: false, ...extra },
});

/** Retry-After as ms: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface JsonAnswer { ok: true; body: unknown }

/**
 * GET a JSON document. A non-2xx answer is a failure with its status (and Retry-After); no answer
 * (refused, reset, DNS, timeout) is a network failure.
 */
export async function getJson(url: string, headers: Record<string, string>, options: { timeoutMs: number; now: number; rejected: string }): Promise<JsonAnswer | FetchOutcome> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json", ...headers }, signal: AbortSignal.timeout(options.timeoutMs), redirect: "error" });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const what = (error as Error).name === "TimeoutError" ? `no answer within ${Math.round(options.timeoutMs / 1000)} s` : cause?.code ?? cause?.message ?? (error as Error).message;
    return failed(`${new URL(url).host}: ${what}`, { network: true });
  }
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"), options.now);
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return failed(options.rejected, { status: response.status, retryAfterMs });
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 120);
    return failed(`${new URL(url).host} answered ${response.status}${text ? `: ${text}` : ""}`, { status: response.status, retryAfterMs });
  }
  try {
    return { ok: true, body: await response.json() };
  } catch {
    return failed(`${new URL(url).host} answered ${response.status} with something that is not JSON`, { status: response.status });
  }
}
