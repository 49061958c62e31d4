import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { installedEvents, meaningOf, namesSession, reportsPrompt, type HookTable } from "../../../../src/backends/shared/hook-table.ts";
import { stringField, NOTHING } from "../../../../src/backends/shared/hook-meaning.ts";

const table = (unknownNamesSession: boolean): HookTable => ({
  base: (payload) => ({ sessionId: stringField(payload, "sid"), promptId: stringField(payload, "pid") }),
  unknownNamesSession,
  events: {
    Zeta: { install: true, meaning: (_p, base) => ({ ...base, events: [{ kind: "started" }] }) },
    Submit: { install: true, prompt: true, meaning: (_p, base) => ({ ...base, events: [{ kind: "submit" }] }) },
    Internal: { install: false, meaning: (p) => ({ events: [{ kind: "stop" }], onlyForSession: stringField(p, "thread") }) },
    Alpha: { install: true, meaning: () => NOTHING },
  },
});

describe("installedEvents", () => {
  it("lists the events to install in the table's order, leaving out the ones not installed", () => {
    assert.deepEqual(installedEvents(table(false)), ["Zeta", "Submit", "Alpha"]);
  });
});

describe("meaningOf", () => {
  it("an event's meaning gets the identity the payload names", () => {
    assert.deepEqual(meaningOf(table(false), "Submit", { sid: "s-1", pid: "p-9" }), { sessionId: "s-1", promptId: "p-9", events: [{ kind: "submit" }] });
  });
  it("an event not installed still has its meaning", () => {
    assert.deepEqual(meaningOf(table(false), "Internal", { thread: "t-2" }), { events: [{ kind: "stop" }], onlyForSession: "t-2" });
  });
  it("an unknown event names its session when the table says so", () => {
    assert.deepEqual(meaningOf(table(true), "SessionEnd", { sid: "s-1" }), { sessionId: "s-1", promptId: undefined, events: [] });
    assert.deepEqual(meaningOf(table(true), "SessionEnd", {}), NOTHING);
  });
  it("an unknown event means nothing when the table does not name sessions", () => {
    assert.deepEqual(meaningOf(table(false), "SessionEnd", { sid: "s-1" }), NOTHING);
  });
  it("an object's inherited names are no events", () => {
    for (const event of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      assert.deepEqual(meaningOf(table(false), event, { sid: "s-1" }), NOTHING, event);
    }
  });
});

describe("namesSession", () => {
  it("names the session when there is one, and nothing else", () => {
    assert.deepEqual(namesSession({}, { sessionId: "s", promptId: "p" }), { sessionId: "s", promptId: "p", events: [] });
    assert.deepEqual(namesSession({}, { sessionId: undefined, promptId: "p" }), NOTHING);
  });
});

describe("reportsPrompt", () => {
  it("only an event marked prompt reports the submitted prompt", () => {
    const t = table(false);
    assert.equal(reportsPrompt(t, "Submit"), true);
    assert.equal(reportsPrompt(t, "Zeta"), false);
    assert.equal(reportsPrompt(t, "Nope"), false);
    assert.equal(reportsPrompt(t, "toString"), false);
  });
});
