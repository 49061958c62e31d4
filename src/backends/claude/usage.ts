import { readClaudeCredentials } from "./credentials.ts";
import { isJsonObject } from "../../util/json.ts";
import { failed, getJson, type FetchOutcome, type UsageReading } from "../shared/usage-http.ts";

/** The beta header the OAuth usage endpoint asks for. */
export const CLAUDE_OAUTH_BETA = "oauth-2025-04-20";

/** The account's OAuth access token, "api-key" for an account without a subscription login, or undefined when logged out. */
export function claudeAccessToken(home: string, platform: NodeJS.Platform = process.platform): string | "api-key" | undefined {
  const { text } = readClaudeCredentials(home, platform);
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const oauth = isJsonObject(parsed) ? parsed["claudeAiOauth"] : undefined;
  const token = isJsonObject(oauth) ? oauth["accessToken"] : undefined;
  return typeof token === "string" && token !== "" ? token : "api-key";
}

function window(value: unknown): { pct: number | null; resetsAt: number | null } {
  if (!isJsonObject(value)) return { pct: null, resetsAt: null };
  const pct = typeof value["utilization"] === "number" ? value["utilization"] : null;
  const at = typeof value["resets_at"] === "string" ? Date.parse(value["resets_at"]) : NaN;
  return { pct, resetsAt: Number.isNaN(at) ? null : at };
}

/** The endpoint's answer as a reading: five_hour is the session window, seven_day the weekly one. */
export function normaliseClaudeUsage(body: unknown, fetchedAt: number): UsageReading | undefined {
  if (!isJsonObject(body)) return undefined;
  const session = window(body["five_hour"]);
  const weekly = window(body["seven_day"]);
  return {
    sessionPct: session.pct,
    weeklyPct: weekly.pct,
    sessionResetsAt: session.resetsAt,
    weeklyResetsAt: weekly.resetsAt,
    limited: (session.pct ?? 0) >= 100 || (weekly.pct ?? 0) >= 100,
    fetchedAt,
  };
}

/** Claude Code's quota for one account home, from the OAuth usage endpoint. */
export async function fetchClaudeUsage(home: string, url: string, options: { now: number; timeoutMs: number }): Promise<FetchOutcome> {
  const token = claudeAccessToken(home);
  if (token === undefined) return failed(`not logged in: ${readClaudeCredentials(home).where} is missing or unreadable`);
  if (token === "api-key") return { kind: "skipped", reason: "authenticated by API key (no quota)" };
  const answer = await getJson(url, { authorization: `Bearer ${token}`, "anthropic-beta": CLAUDE_OAUTH_BETA }, {
    ...options,
    rejected: "the access token was rejected (start Claude Code as this account once to renew it)",
  });
  if (!("ok" in answer)) return answer;
  const reading = normaliseClaudeUsage(answer.body, options.now);
  return reading ? { kind: "reading", reading } : failed("the usage endpoint answered something unexpected");
}
