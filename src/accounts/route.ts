import { AgentmuxError } from "../util/errors.ts";
import { availableAt, currentReading, describeReading, isExhausted, isFresh, usageScore } from "./reading.ts";
import type { UsageReading } from "../backends/shared/usage-http.ts";

export interface RouteMember {
  name: string;
  hasCredentials: boolean;
  /** The latest reading, fresh or not (staleness is judged here). */
  reading: UsageReading | undefined;
}

export interface RouteInput {
  pool: string;
  /** In the order the config declares them (the last tie-breaker). */
  members: readonly RouteMember[];
  /** The member the pool was last routed to. */
  previous: string | undefined;
  hysteresis: number;
  staleAfterMs: number;
  now: number;
}

/** How routing saw one member. */
export type MemberStatus = "no-credentials" | "exhausted" | "ranked" | "no-reading";

export interface MemberVerdict {
  name: string;
  status: MemberStatus;
  /** The fresh reading as it stands now; undefined when there is none. */
  reading: UsageReading | undefined;
  score: number | null;
}

export interface RouteDecision {
  pool: string;
  chosen: string;
  previous: string | undefined;
  changed: boolean;
  /** Every usable member was exhausted: chosen is the one that resets soonest. */
  allLimited: boolean;
  /** Why chosen won, in words. */
  reason: string;
  /** What to tell the user: a change of member, or every member limited; undefined when kept silently. */
  message: string | undefined;
  /** Every member, best first (ranked, then no reading, then exhausted, then without credentials). */
  members: MemberVerdict[];
}

const ORDER: Record<MemberStatus, number> = { ranked: 0, "no-reading": 1, exhausted: 2, "no-credentials": 3 };

function verdictOf(member: RouteMember, input: RouteInput): MemberVerdict {
  const reading = isFresh(member.reading, input.now, input.staleAfterMs) ? currentReading(member.reading, input.now) : undefined;
  if (!member.hasCredentials) return { name: member.name, status: "no-credentials", reading, score: null };
  if (!reading) return { name: member.name, status: "no-reading", reading, score: null };
  return { name: member.name, status: isExhausted(reading) ? "exhausted" : "ranked", reading, score: usageScore(reading) };
}

function compare(a: MemberVerdict, b: MemberVerdict): number {
  if (ORDER[a.status] !== ORDER[b.status]) return ORDER[a.status] - ORDER[b.status];
  if (a.status !== "ranked") return 0;
  return (a.score ?? 0) - (b.score ?? 0) || (a.reading?.weeklyPct ?? 0) - (b.reading?.weeklyPct ?? 0);
}

/**
 * Choose a pool member: members without credentials are skipped; those whose fresh reading is
 * limited or shows a full window are set aside; the rest rank by usageScore (weekly breaking ties),
 * members with no fresh reading last. The previous member is kept unless a ranked sibling beats it
 * by the hysteresis, but a previous member with no reading never holds off one with a score. When
 * every member is exhausted, the one available soonest is chosen and the message says so.
 */
export function routePool(input: RouteInput): RouteDecision {
  const members = input.members.map((m) => verdictOf(m, input)).sort(compare);
  const usable = members.filter((m) => m.status !== "no-credentials");
  if (usable.length === 0) {
    throw new AgentmuxError(`no member of pool ${input.pool} has credentials (${input.members.map((m) => m.name).join(", ")})`, {
      hint: "log in under one of them: start the CLI with its home and log in",
    });
  }
  const open = usable.filter((m) => m.status !== "exhausted");
  const previous = input.previous;
  const decide = (chosen: MemberVerdict, reason: string, allLimited = false): RouteDecision => {
    const changed = chosen.name !== previous;
    let message: string | undefined;
    if (allLimited) message = `every member of pool ${input.pool} is limited; using ${chosen.name}, ${reason}`;
    else if (changed) message = `pool ${input.pool} → ${chosen.name} (${describeReading(chosen.reading)})`;
    return { pool: input.pool, chosen: chosen.name, previous, changed, allLimited, reason, message, members };
  };
  if (open.length === 0) {
    const soonest = [...usable].sort((a, b) => {
      const at = (m: MemberVerdict) => availableAt(m.reading as UsageReading, input.now);
      return at(a) - at(b) || Number(b.name === previous) - Number(a.name === previous);
    })[0] as MemberVerdict;
    const at = availableAt(soonest.reading as UsageReading, input.now);
    return decide(soonest, Number.isFinite(at) ? `which resets soonest (${new Date(at).toISOString()})` : "whose reset time is unknown", true);
  }
  const best = open[0] as MemberVerdict;
  const kept = open.find((m) => m.name === previous);
  if (!kept || kept === best) return decide(best, best.score === null ? "no member has a fresh reading" : `the lowest usage (${describeReading(best.reading)})`);
  if (kept.score === null) {
    if (best.score === null) return decide(kept, "kept: no member has a fresh reading");
    return decide(best, `${kept.name} has no fresh reading and ${best.name} has one`);
  }
  const margin = kept.score - (best.score ?? 0);
  if (margin > 0 && margin >= input.hysteresis) return decide(best, `${Math.round(margin)} points below ${kept.name} (hysteresis ${input.hysteresis})`);
  return decide(kept, `kept: ${best.name} is within ${input.hysteresis} points`);
}
