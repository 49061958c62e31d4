import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { claudeLiveAgrees, parseClaudeLive } from "../../../../src/backends/claude/live.ts";

describe("Claude live session files", () => {
  it("parses the file, and refuses a half-written one", () => {
    assert.deepEqual(parseClaudeLive('{"pid":1,"status":"waiting","waitingFor":"permission prompt","sessionId":"s"}'), { status: "waiting", waitingFor: "permission prompt", sessionId: "s" });
    assert.equal(parseClaudeLive('{"pid":1,"sta'), null);
  });
});

describe("claudeLiveAgrees: agentmux's state against Claude's report", () => {
  it("busy is working (or closing), waiting is blocked, idle is neither; an unknown status never disagrees", () => {
    assert.equal(claudeLiveAgrees("working", { status: "busy" }), true);
    assert.equal(claudeLiveAgrees("closing", { status: "busy" }), true);
    assert.equal(claudeLiveAgrees("waiting", { status: "busy" }), false);
    assert.equal(claudeLiveAgrees("blocked", { status: "waiting", waitingFor: "permission prompt" }), true);
    assert.equal(claudeLiveAgrees("working", { status: "waiting" }), false);
    assert.equal(claudeLiveAgrees("waiting", { status: "idle" }), true);
    assert.equal(claudeLiveAgrees("idle", { status: "idle" }), true);
    assert.equal(claudeLiveAgrees("blocked", { status: "idle" }), false);
    assert.equal(claudeLiveAgrees("working", { status: "compacting" }), true);
  });
});
