import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { availableAt, currentReading, describeReading, isExhausted, isFresh, usageScore } from "../../../src/accounts/reading.ts";
import type { UsageReading } from "../../../src/backends/shared/usage-http.ts";

const NOW = 1_800_000_000_000;
const MIN = 60_000;
const reading = (over: Partial<UsageReading> = {}): UsageReading => ({
  sessionPct: 40, weeklyPct: 70, sessionResetsAt: NOW + 30 * MIN, weeklyResetsAt: NOW + 3 * 24 * 60 * MIN, limited: false, fetchedAt: NOW - MIN, ...over,
});

describe("currentReading: the reading as it stands now", () => {
  it("a window whose reset has passed is a fresh window at 0 %", () => {
    const r = currentReading(reading({ sessionPct: 100, sessionResetsAt: NOW - 1 }), NOW);
    assert.equal(r.sessionPct, 0);
    assert.equal(r.weeklyPct, 70, "the other window is untouched");
  });
  it("a reset exactly now counts as passed", () => {
    assert.equal(currentReading(reading({ weeklyResetsAt: NOW }), NOW).weeklyPct, 0);
  });
  it("a limit ends only once every window it reported has reset", () => {
    assert.equal(currentReading(reading({ limited: true, sessionResetsAt: NOW - 1 }), NOW).limited, true, "the weekly window has not reset");
    assert.equal(currentReading(reading({ limited: true, sessionResetsAt: NOW - 1, weeklyResetsAt: NOW - 1 }), NOW).limited, false);
    assert.equal(currentReading(reading({ limited: true, sessionResetsAt: NOW - 1, weeklyResetsAt: null }), NOW).limited, false);
  });
  it("a limit without any reset time stays", () => {
    assert.equal(currentReading(reading({ limited: true, sessionResetsAt: null, weeklyResetsAt: null }), NOW).limited, true);
  });
  it("an unknown window stays unknown", () => {
    assert.equal(currentReading(reading({ sessionPct: null, sessionResetsAt: null }), NOW).sessionPct, null);
  });
  it("keeps when the reading was fetched", () => {
    assert.equal(currentReading(reading({ sessionResetsAt: NOW - 1 }), NOW).fetchedAt, NOW - MIN);
  });
});

describe("isFresh", () => {
  it("a reading counts until it is older than the limit", () => {
    assert.equal(isFresh(reading({ fetchedAt: NOW - 5 * MIN }), NOW, 5 * MIN), true);
    assert.equal(isFresh(reading({ fetchedAt: NOW - 5 * MIN - 1 }), NOW, 5 * MIN), false);
    assert.equal(isFresh(undefined, NOW, 5 * MIN), false);
  });
});

describe("usageScore and isExhausted", () => {
  it("the score is the fuller window; an unknown one counts as empty", () => {
    assert.equal(usageScore(reading({ sessionPct: 90, weeklyPct: 20 })), 90);
    assert.equal(usageScore(reading({ sessionPct: null, weeklyPct: 35 })), 35);
    assert.equal(usageScore(reading({ sessionPct: null, weeklyPct: null })), 0);
  });
  it("an account is exhausted when limited or when either window is full", () => {
    assert.equal(isExhausted(reading()), false);
    assert.equal(isExhausted(reading({ limited: true })), true);
    assert.equal(isExhausted(reading({ sessionPct: 100 })), true);
    assert.equal(isExhausted(reading({ weeklyPct: 100.4 })), true);
    assert.equal(isExhausted(reading({ sessionPct: 99.9, weeklyPct: null })), false);
  });
});

describe("availableAt: when an exhausted account can be used again", () => {
  it("the latest reset among the full windows", () => {
    const r = reading({ sessionPct: 100, weeklyPct: 100 });
    assert.equal(availableAt(r, NOW), r.weeklyResetsAt);
    assert.equal(availableAt(reading({ sessionPct: 100, weeklyPct: 50 }), NOW), NOW + 30 * MIN);
  });
  it("limited with no full window: the soonest reset still ahead", () => {
    assert.equal(availableAt(reading({ limited: true, sessionResetsAt: NOW - MIN }), NOW), NOW + 3 * 24 * 60 * MIN);
    assert.equal(availableAt(reading({ limited: true }), NOW), NOW + 30 * MIN);
  });
  it("no reset known: never", () => {
    assert.equal(availableAt(reading({ limited: true, sessionResetsAt: null, weeklyResetsAt: null }), NOW), Infinity);
    assert.equal(availableAt(reading({ sessionPct: 100, sessionResetsAt: null, weeklyResetsAt: NOW - 1 }), NOW), Infinity);
  });
});

describe("describeReading", () => {
  it("rounds percentages and says when an account is limited", () => {
    assert.equal(describeReading(reading({ sessionPct: 12.4, weeklyPct: 39.6 })), "session 12 %, weekly 40 %");
    assert.equal(describeReading(reading({ sessionPct: null, limited: true })), "session -, weekly 70 %, limited");
    assert.equal(describeReading(undefined), "no reading");
  });
});
