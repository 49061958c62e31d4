import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { UsageReading } from "../../../src/backends/shared/usage-http.ts";
import { routePool, type RouteMember } from "../../../src/accounts/route.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const MIN = 60_000;
const STALE = 30 * MIN;

/** A fresh reading: session %, weekly %, and overrides. */
const r = (sessionPct: number | null, weeklyPct: number | null, extra: Partial<UsageReading> = {}): UsageReading => ({
  sessionPct, weeklyPct, sessionResetsAt: NOW + 60 * MIN, weeklyResetsAt: NOW + 3 * 24 * 60 * MIN, limited: false, fetchedAt: NOW - MIN, ...extra,
});
const m = (name: string, reading?: UsageReading, hasCredentials = true): RouteMember => ({ name, reading, hasCredentials });

interface Row {
  name: string;
  members: RouteMember[];
  previous?: string;
  hysteresis?: number;
  chosen: string;
  changed?: boolean;
  allLimited?: boolean;
  message?: RegExp | null;
}

const ROWS: Row[] = [
  { name: "the lowest score wins", members: [m("a", r(50, 20)), m("b", r(10, 30))], chosen: "b", message: /^pool work → b \(session 10 %, weekly 30 %\)$/ },
  { name: "score is the larger window", members: [m("a", r(5, 60)), m("b", r(55, 10))], chosen: "b" },
  { name: "weekly breaks a tie", members: [m("a", r(40, 30)), m("b", r(40, 20))], chosen: "b" },
  { name: "a full tie keeps the declared order", members: [m("a", r(40, 20)), m("b", r(40, 20))], chosen: "a" },
  { name: "a member without credentials is skipped", members: [m("a", r(0, 0), false), m("b", r(80, 80))], chosen: "b" },
  { name: "a limited member is set aside", members: [m("a", r(1, 1, { limited: true })), m("b", r(90, 90))], chosen: "b" },
  { name: "a session window at 100 % is set aside", members: [m("a", r(100, 1)), m("b", r(90, 90))], chosen: "b" },
  { name: "a weekly window at 100 % is set aside", members: [m("a", r(1, 100)), m("b", r(90, 90))], chosen: "b" },
  { name: "no reading ranks after every reading", members: [m("a"), m("b", r(95, 95))], chosen: "b" },
  { name: "a stale reading counts as none", members: [m("a", r(1, 1, { fetchedAt: NOW - STALE - 1 })), m("b", r(60, 60))], chosen: "b" },
  { name: "a stale limited reading does not set aside", members: [m("a", r(100, 100, { limited: true, fetchedAt: NOW - STALE - 1 })), m("b", r(100, 1))], chosen: "a" },
  { name: "a window past its reset counts as empty", members: [m("a", r(100, 10, { sessionResetsAt: NOW - MIN })), m("b", r(30, 30))], chosen: "a" },
  { name: "a limit ends when every window has reset", members: [m("a", r(5, 5, { limited: true, sessionResetsAt: NOW - 1, weeklyResetsAt: NOW - 1 })), m("b", r(30, 30))], chosen: "a" },
  { name: "nothing known: the first member", members: [m("a"), m("b")], chosen: "a", message: /^pool work → a \(no reading\)$/ },
  { name: "hysteresis keeps the previous member", members: [m("a", r(20, 20)), m("b", r(28, 28))], previous: "b", chosen: "b", changed: false, message: null },
  { name: "a sibling better by the hysteresis takes over", members: [m("a", r(20, 20)), m("b", r(30, 30))], previous: "b", chosen: "a", changed: true, message: /^pool work → a/ },
  { name: "hysteresis 0: any better score takes over", members: [m("a", r(20, 20)), m("b", r(20, 30))], previous: "b", hysteresis: 0, chosen: "a" },
  { name: "hysteresis 0 keeps a full tie", members: [m("a", r(20, 20)), m("b", r(20, 20))], previous: "b", hysteresis: 0, chosen: "b", message: null },
  { name: "unknown previous never holds off a known sibling", members: [m("a", r(90, 90)), m("b")], previous: "b", chosen: "a", changed: true },
  { name: "unknown previous is kept among unknowns", members: [m("a"), m("b")], previous: "b", chosen: "b", changed: false },
  { name: "a limited previous member is left", members: [m("a", r(60, 60)), m("b", r(1, 1, { limited: true }))], previous: "b", chosen: "a" },
  { name: "a previous member without credentials is left", members: [m("a", r(60, 60)), m("b", r(1, 1), false)], previous: "b", chosen: "a" },
  { name: "a previous member no longer in the pool", members: [m("a", r(60, 60)), m("b", r(50, 50))], previous: "gone", chosen: "b" },
  {
    name: "all limited: the soonest reset, and the user is told",
    members: [m("a", r(100, 50, { sessionResetsAt: NOW + 90 * MIN })), m("b", r(100, 50, { sessionResetsAt: NOW + 30 * MIN })), m("c", r(1, 1, { limited: true, sessionResetsAt: NOW + 60 * MIN }))],
    chosen: "b", allLimited: true, message: /^every member of pool work is limited; using b, which resets soonest \(2026-03-02T12:30:00\.000Z\)$/,
  },
  {
    name: "all limited: a full weekly window waits for the weekly reset",
    members: [m("a", r(100, 100, { sessionResetsAt: NOW + 10 * MIN, weeklyResetsAt: NOW + 600 * MIN })), m("b", r(100, 20, { sessionResetsAt: NOW + 20 * MIN }))],
    chosen: "b", allLimited: true,
  },
  {
    name: "all limited and the previous one is as soon: it stays",
    members: [m("a", r(100, 1, { sessionResetsAt: NOW + 5 * MIN })), m("b", r(100, 1, { sessionResetsAt: NOW + 5 * MIN }))], previous: "b",
    chosen: "b", allLimited: true, changed: false, message: /^every member of pool work is limited; using b/,
  },
  { name: "all limited, no reset times", members: [m("a", r(1, 1, { limited: true, sessionResetsAt: null, weeklyResetsAt: null }))], chosen: "a", allLimited: true, message: /whose reset time is unknown/ },
  { name: "limited ones and an unknown: the unknown", members: [m("a", r(100, 1)), m("b")], chosen: "b", allLimited: false },
];

describe("routePool", () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const decision = routePool({ pool: "work", members: row.members, previous: row.previous, hysteresis: row.hysteresis ?? 10, staleAfterMs: STALE, now: NOW });
      assert.equal(decision.chosen, row.chosen);
      if (row.changed !== undefined) assert.equal(decision.changed, row.changed);
      assert.equal(decision.allLimited, row.allLimited ?? false);
      if (row.message === null) assert.equal(decision.message, undefined);
      else if (row.message) assert.match(decision.message ?? "", row.message);
    });
  }

  it("lists every member best first, with how routing saw it", () => {
    const d = routePool({ pool: "p", members: [m("x", undefined, false), m("lim", r(1, 1, { limited: true })), m("none"), m("hi", r(70, 10)), m("lo", r(10, 10))], previous: undefined, hysteresis: 10, staleAfterMs: STALE, now: NOW });
    assert.deepEqual(d.members.map((v) => [v.name, v.status, v.score]), [["lo", "ranked", 10], ["hi", "ranked", 70], ["none", "no-reading", null], ["lim", "exhausted", 1], ["x", "no-credentials", null]]);
    assert.match(d.reason, /lowest usage/);
  });

  it("a pool with no logged-in member is an error", () => {
    throwsLine(() => routePool({ pool: "work", members: [m("a", undefined, false), m("b", undefined, false)], previous: undefined, hysteresis: 10, staleAfterMs: STALE, now: NOW }),
      /^no member of pool work has credentials \(a, b\) \(log in under one of them/);
  });
});
