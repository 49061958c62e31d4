import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { hasSettledExchange } from "../../../src/lifecycle/exchange.ts";
import type { HistorySupport } from "../../../src/backends/shared/types.ts";

const place = { dir: "/w", since: null, env: {} };
/** A store whose answer lands after `late` looks. */
function store(late: number): HistorySupport & { looks: number } {
  const s = { looks: 0, hasExchange: () => ++s.looks > late } as unknown as HistorySupport & { looks: number };
  return s;
}

describe("a completed exchange, given the answer time to reach the transcript", () => {
  it("one that is there is seen at once", () => {
    const s = store(0);
    assert.equal(hasSettledExchange(s, "id", place, "idle"), true);
    assert.equal(s.looks, 1);
  });

  it("a session that just finished a turn (waiting) is looked at again until its answer lands", () => {
    const s = store(3);
    assert.equal(hasSettledExchange(s, "id", place, "waiting", 2000), true);
    assert.equal(s.looks, 4);
  });

  it("a session that has not answered (idle, working) is refused without waiting; a waiting one after the flush time", () => {
    assert.equal(hasSettledExchange(store(1), "id", place, "idle"), false);
    assert.equal(hasSettledExchange(store(1), "id", place, "working"), false);
    assert.equal(hasSettledExchange(store(1_000_000), "id", place, "waiting", 300), false);
  });
});
