import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Attempts, RateLimit } from "../../../src/remote/rate-limit.ts";

describe("the wrong-attempt rate limit", () => {
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

  it("attempts are limited per address: the sixth wrong one from an address is refused, another address is not", () => {
    const codes = new Attempts("pairing codes", 5, 20, 60_000);
    for (let i = 0; i < 5; i++) {
      assert.equal(codes.fromAddress("100.64.0.9", 1000 + i), null);
      codes.failed("100.64.0.9", 1000 + i);
    }
    assert.deepEqual(codes.fromAddress("100.64.0.9", 1010), { error: "too many wrong pairing codes from 100.64.0.9: wait 60 s", retryAfter: 60 });
    assert.equal(codes.fromAddress("100.64.0.10", 1010), null);
    assert.equal(codes.fromAll(1010), null);
  });

  it("and overall: 20 wrong ones from many addresses (none over its own limit) refuse every address until the window passes", () => {
    const codes = new Attempts("pairing codes", 5, 20, 60_000);
    for (let i = 0; i < 20; i++) codes.failed(`100.64.1.${i % 5}`, 1000 + i);
    for (let a = 0; a < 5; a++) assert.equal(codes.fromAddress(`100.64.1.${a}`, 2000), null, "each address has made 4");
    assert.deepEqual(codes.fromAll(2000), { error: "too many wrong pairing codes from all addresses together: wait 59 s", retryAfter: 59 });
    assert.equal(codes.fromAll(61_000), null, "the first failure left the window");
  });
});
