import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { decideFailover, restartedText, restartFailedText, type FailoverAction, type FailoverInput } from "../../../src/accounts/failover.ts";
import type { UsageReading } from "../../../src/backends/shared/usage-http.ts";
import type { RouteMember } from "../../../src/accounts/route.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const MIN = 60_000;

const r = (sessionPct: number | null, weeklyPct: number | null, extra: Partial<UsageReading> = {}): UsageReading => ({
  sessionPct, weeklyPct, sessionResetsAt: NOW + 60 * MIN, weeklyResetsAt: NOW + 3 * 24 * 60 * MIN, limited: false, fetchedAt: NOW - MIN, ...extra,
});
const m = (name: string, reading?: UsageReading, hasCredentials = true): RouteMember => ({ name, reading, hasCredentials });
const LIMITED = r(100, 40, { limited: true });

const input = (over: Partial<FailoverInput>): FailoverInput => ({
  mode: "notify", trigger: "rate-limited", session: "work:alpha", backend: "claude", account: "a",
  pool: { name: "team", members: [m("a", LIMITED), m("b", r(10, 20)), m("c", r(50, 60))] },
  busy: false, staleAfterMs: 30 * MIN, now: NOW, ...over,
});

interface Row { name: string; input: Partial<FailoverInput>; kind: FailoverAction["kind"]; member?: string | undefined; text?: RegExp }

const ROWS: Row[] = [
  { name: "off does nothing", input: { mode: "off" }, kind: "none" },
  {
    name: "notify names the best other member, its reading, and the command",
    input: {}, kind: "notify", member: "b",
    text: /^work:alpha: claude account a is rate limited; best member of pool team: b \(session 10 %, weekly 20 %\); switch with: agentmux restart work:alpha --account b$/,
  },
  { name: "the limited account is never suggested, even with the best reading", input: { pool: { name: "team", members: [m("a", r(0, 0)), m("b", r(70, 70))] } }, kind: "notify", member: "b" },
  { name: "a reading trigger says so", input: { trigger: "reading-limited" }, kind: "notify", member: "b", text: /account a reached its usage limit; best member of pool team: b/ },
  { name: "outside a pool: limited, no suggestion", input: { pool: undefined }, kind: "notify", member: undefined, text: /^work:alpha: claude account a is rate limited \(it is in no pool: no other account to suggest\)$/ },
  { name: "a pool of one: no suggestion", input: { pool: { name: "solo", members: [m("a", LIMITED)] } }, kind: "notify", member: undefined, text: /pool solo has no other member$/ },
  { name: "the others logged out: no suggestion", input: { pool: { name: "team", members: [m("a", LIMITED), m("b", r(1, 1), false)] } }, kind: "notify", member: undefined, text: /no other member of pool team is logged in$/ },
  {
    name: "every other member limited: the one resetting soonest is named, not suggested",
    input: { mode: "auto", pool: { name: "team", members: [m("a", LIMITED), m("b", r(100, 50, { sessionResetsAt: NOW + 90 * MIN })), m("c", r(100, 50, { sessionResetsAt: NOW + 30 * MIN }))] } },
    kind: "notify", member: undefined, text: /every other member of pool team is limited too: c which resets soonest \(2026-03-02T12:30:00\.000Z\)$/,
  },
  { name: "a member without a reading is still better than none", input: { pool: { name: "team", members: [m("a", LIMITED), m("b")] } }, kind: "notify", member: "b", text: /b \(no reading\)/ },
  { name: "auto between turns restarts under the best member", input: { mode: "auto" }, kind: "restart", member: "b" },
  { name: "auto while the session works waits for its turn to end", input: { mode: "auto", busy: true, trigger: "reading-limited" }, kind: "defer", member: "b" },
  { name: "auto outside a pool only notifies", input: { mode: "auto", pool: undefined }, kind: "notify", member: undefined },
];

describe("failover: what to do about a limited session", () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const action = decideFailover(input(row.input));
      assert.equal(action.kind, row.kind);
      assert.equal("member" in action ? action.member : undefined, row.member);
      if (row.text) assert.match(action.kind === "notify" ? action.text : "", row.text);
    });
  }
  it("a restart names its pool", () => assert.deepEqual(decideFailover(input({ mode: "auto" })), { kind: "restart", member: "b", pool: "team" }));
  it("after an automatic failover the text says it restarted under the member", () => {
    const subject = { session: "work:alpha", backend: "claude" as const, account: "a", trigger: "rate-limited" as const };
    assert.equal(restartedText(subject, "b", "id-1"), "work:alpha: claude account a is rate limited; restarted under b, resuming id-1");
    assert.equal(restartFailedText(subject, "b", "no"), "work:alpha: claude account a is rate limited; could not restart it under b: no");
  });
});
