import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseClaudeLive } from "../../../../src/backends/claude/live.ts";

describe("Claude live session files", () => {
  it("parses the file, and refuses a half-written one", () => {
    assert.deepEqual(parseClaudeLive('{"pid":1,"status":"waiting","waitingFor":"permission prompt","sessionId":"s"}'), { status: "waiting", waitingFor: "permission prompt", sessionId: "s" });
    assert.equal(parseClaudeLive('{"pid":1,"sta'), null);
  });
});
