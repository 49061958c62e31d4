import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { LiveStatus } from "../../../src/backends/shared/types.ts";
import { LiveDisagreements } from "../../../src/daemon/live-disagreements.ts";

/** busy agrees with working, waiting with blocked, idle with anything else. */
const agrees = (state: string, live: LiveStatus): boolean => (live.status === "busy" ? state === "working" : live.status === "waiting" ? state === "blocked" : state !== "working" && state !== "blocked");
const SOURCE = "Claude Code's agents report";

describe("LiveDisagreements: each disagreement with the hooks is logged once", () => {
  it("logs a pair the first time, not while it lasts, again after they agreed or the pair changed", () => {
    const log = new LiveDisagreements();
    const busy = { status: "busy", sessionId: "s1" };
    assert.equal(log.note("%12", "working", busy, SOURCE, agrees), null);
    assert.equal(log.note("%12", "waiting", busy, SOURCE, agrees), "%12: hooks say waiting, Claude Code's agents report says busy");
    assert.equal(log.note("%12", "waiting", busy, SOURCE, agrees), null);
    assert.equal(log.note("%12", "working", busy, SOURCE, agrees), null);
    assert.match(log.note("%12", "waiting", busy, SOURCE, agrees) ?? "", /hooks say waiting/);
    assert.equal(log.note("%12", "working", { status: "waiting", waitingFor: "permission prompt" }, SOURCE, agrees), "%12: hooks say working, Claude Code's agents report says waiting (permission prompt)");
  });

  it("keeps sessions apart, and forgets one", () => {
    const log = new LiveDisagreements();
    const idle = { status: "idle" };
    assert.ok(log.note("%12", "blocked", idle, SOURCE, agrees));
    assert.ok(log.note("%13", "blocked", idle, SOURCE, agrees));
    assert.equal(log.note("%12", "blocked", idle, SOURCE, agrees), null);
    log.forget("%12");
    assert.ok(log.note("%12", "blocked", idle, SOURCE, agrees));
  });
});
