import { join } from "node:path";
import { isJsonObject } from "../../util/json.ts";
import { MiB, readRegularText } from "../../util/regular-file.ts";
import { failed, getJson, type FetchOutcome, type UsageReading } from "../shared/usage-http.ts";

const DAY_SECONDS = 24 * 60 * 60;

export type CodexAuth = { kind: "tokens"; accessToken: string; accountId: string } | { kind: "api-key" } | { kind: "missing" };

/** The largest auth.json read (a few tokens in JSON). */
const AUTH_FILE_MAX = MiB;

/** The ChatGPT login in <home>/auth.json (a regular file within AUTH_FILE_MAX; the daemon's usage poll reads it). */
export function codexAuth(home: string): CodexAuth {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readRegularText(join(home, "auth.json"), { maxBytes: AUTH_FILE_MAX }));
  } catch {
    return { kind: "missing" };
  }
  if (!isJsonObject(parsed)) return { kind: "missing" };
  const tokens = parsed["tokens"];
  const access = isJsonObject(tokens) ? tokens["access_token"] : undefined;
  const account = isJsonObject(tokens) ? tokens["account_id"] : undefined;
  if (typeof access === "string" && access !== "" && typeof account === "string") return { kind: "tokens", accessToken: access, accountId: account };
  return typeof parsed["OPENAI_API_KEY"] === "string" && parsed["OPENAI_API_KEY"] !== "" ? { kind: "api-key" } : { kind: "missing" };
}

interface Window { pct: number | null; seconds: number; resetsAt: number | null }

function window(value: unknown, now: number): Window | undefined {
  if (!isJsonObject(value)) return undefined;
  const seconds = typeof value["limit_window_seconds"] === "number" ? value["limit_window_seconds"] : 0;
  const pct = typeof value["used_percent"] === "number" ? value["used_percent"] : null;
  let resetsAt: number | null = null;
  // reset_at is epoch seconds; reset_after_seconds counts from now.
  if (typeof value["reset_at"] === "number") resetsAt = value["reset_at"] > 1e12 ? value["reset_at"] : value["reset_at"] * 1000;
  else if (typeof value["reset_after_seconds"] === "number") resetsAt = now + value["reset_after_seconds"] * 1000;
  return { pct, seconds, resetsAt };
}

/**
 * The endpoint's answer as a reading. Which window sits in which slot has changed before, so a
 * window of a day or more is the weekly one and a shorter one the session window, whatever its slot.
 */
export function normaliseCodexUsage(body: unknown, fetchedAt: number): UsageReading | undefined {
  if (!isJsonObject(body) || !isJsonObject(body["rate_limit"])) return undefined;
  const limit = body["rate_limit"];
  const windows = [window(limit["primary_window"], fetchedAt), window(limit["secondary_window"], fetchedAt)].filter((w): w is Window => w !== undefined);
  const weekly = windows.find((w) => w.seconds >= DAY_SECONDS);
  const session = windows.find((w) => w.seconds < DAY_SECONDS);
  return {
    sessionPct: session?.pct ?? null,
    weeklyPct: weekly?.pct ?? null,
    sessionResetsAt: session?.resetsAt ?? null,
    weeklyResetsAt: weekly?.resetsAt ?? null,
    limited: limit["limit_reached"] === true || limit["allowed"] === false,
    fetchedAt,
  };
}

/** Codex's quota for one account home, from the ChatGPT usage endpoint. */
export async function fetchCodexUsage(home: string, url: string, options: { now: number; timeoutMs: number }): Promise<FetchOutcome> {
  const auth = codexAuth(home);
  if (auth.kind === "missing") return failed(`not logged in: ${join(home, "auth.json")} holds no ChatGPT login`);
  if (auth.kind === "api-key") return { kind: "skipped", reason: "authenticated by API key (no quota)" };
  const answer = await getJson(url, { authorization: `Bearer ${auth.accessToken}`, "ChatGPT-Account-Id": auth.accountId }, {
    ...options,
    rejected: "the access token has expired (run Codex as this account once to refresh it)",
  });
  if (!("ok" in answer)) return answer;
  const reading = normaliseCodexUsage(answer.body, options.now);
  return reading ? { kind: "reading", reading } : failed("the usage endpoint answered something unexpected");
}
