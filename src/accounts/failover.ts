import type { AccountBackend } from "../backends/account-homes.ts";
import type { AccountSettings } from "../config/accounts.ts";
import { isAgentmuxError } from "../util/errors.ts";
import { describeReading } from "./reading.ts";
import { routePool, type RouteDecision, type RouteMember } from "./route.ts";

/** What showed the account limited: a turn that ended on a rate limit, or the usage poller's reading. */
export type FailoverTrigger = "rate-limited" | "reading-limited";

export interface FailoverInput {
  mode: AccountSettings["failover"];
  trigger: FailoverTrigger;
  /** The session's display name. */
  session: string;
  backend: AccountBackend;
  account: string;
  /** The account's pool with every member (the limited one too), in config order; undefined outside a pool. */
  pool: { name: string; members: readonly RouteMember[] } | undefined;
  /** Inside a turn, or in a state not known to be between turns: auto waits for the turn's end. */
  busy: boolean;
  staleAfterMs: number;
  now: number;
}

export type FailoverAction =
  | { kind: "none" }
  /** Tell the user; member is the pool member suggested, when there is one worth switching to. */
  | { kind: "notify"; text: string; member: string | undefined }
  /** auto: restart the session under member (its turn has ended). */
  | { kind: "restart"; member: string; pool: string }
  /** auto: a member is ready but the session is working; decide again when its turn ends. */
  | { kind: "defer"; member: string };

/** Which session, on which account, and what showed the limit. */
export type FailoverSubject = Pick<FailoverInput, "session" | "backend" | "account" | "trigger">;

function lead(s: FailoverSubject): string {
  const what = s.trigger === "rate-limited" ? "is rate limited" : "reached its usage limit";
  return `${s.session}: ${s.backend} account ${s.account} ${what}`;
}

/** The best other member of the pool, or why there is none. */
function bestOther(input: FailoverInput, pool: NonNullable<FailoverInput["pool"]>): RouteDecision | string {
  const others = pool.members.filter((m) => m.name !== input.account);
  if (others.length === 0) return `pool ${pool.name} has no other member`;
  try {
    return routePool({ pool: pool.name, members: others, previous: undefined, hysteresis: 0, staleAfterMs: input.staleAfterMs, now: input.now });
  } catch (error) {
    if (isAgentmuxError(error)) return `no other member of pool ${pool.name} is logged in`;
    throw error;
  }
}

/**
 * What to do about a session whose account is limited: off does nothing; outside a pool the user is
 * told, without a suggestion; in a pool the best other member (routed as for a new session) is
 * named, and with auto the session is restarted under it once its turn has ended. A member that
 * is limited too is named as the one that resets soonest, never restarted under.
 */
export function decideFailover(input: FailoverInput): FailoverAction {
  if (input.mode === "off") return { kind: "none" };
  if (!input.pool) return { kind: "notify", text: `${lead(input)} (it is in no pool: no other account to suggest)`, member: undefined };
  const route = bestOther(input, input.pool);
  if (typeof route === "string") return { kind: "notify", text: `${lead(input)}; ${route}`, member: undefined };
  const member = route.chosen;
  if (route.allLimited) {
    return { kind: "notify", text: `${lead(input)}; every other member of pool ${route.pool} is limited too: ${member} ${route.reason}`, member: undefined };
  }
  if (input.mode === "auto") return input.busy ? { kind: "defer", member } : { kind: "restart", member, pool: route.pool };
  const verdict = route.members.find((m) => m.name === member);
  return {
    kind: "notify",
    text: `${lead(input)}; best member of pool ${route.pool}: ${member} (${describeReading(verdict?.reading)}); switch with: agentmux restart ${input.session} --account ${member}`,
    member,
  };
}

/** The notification after an automatic failover. */
export function restartedText(subject: FailoverSubject, member: string, id: string | null, fresh?: string): string {
  if (id === null || fresh) return `${lead(subject)}; restarted under ${member} fresh: ${fresh ?? "its conversation was never recorded"}, so there was nothing to resume`;
  return `${lead(subject)}; restarted under ${member}, resuming ${id}`;
}

/** The notification when the automatic restart failed (the session keeps running as it was). */
export function restartFailedText(subject: FailoverSubject, member: string, why: string): string {
  return `${lead(subject)}; could not restart it under ${member}: ${why}`;
}
