import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { RateLimit } from "../../../src/remote/rate-limit.ts";

describe("the wrong-token rate limit", () => {
  it("5 failures a minute per address, then refused until the first leaves the window", () => {
    const limit = new RateLimit(5, 60_000);
    for (let i = 0; i < 4; i++) limit.fail("100.64.0.9", 1000 + i);
    assert.equal(limit.blocked("100.64.0.9", 1010), false);
    limit.fail("100.64.0.9", 1010);
    assert.equal(limit.blocked("100.64.0.9", 1011), true);
    assert.equal(limit.blocked("100.64.0.10", 1011), false, "another address is not affected");
    assert.equal(limit.retryAfter("100.64.0.9", 1011), 60);
    assert.equal(limit.blocked("100.64.0.9", 61_001), false, "the first failure left the window");
  });
});
