import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { limiter, mapLimited } from "../../../src/util/limit.ts";

/** A task per item that resolves only when released, counting how many run at once. */
function gate() {
  let running = 0;
  let most = 0;
  const waiting: Array<() => void> = [];
  const task = async (n: number) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => waiting.push(resolve));
    running -= 1;
    return n * 10;
  };
  const drain = async (done: Promise<unknown>) => {
    let finished = false;
    void done.then(() => { finished = true; });
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      waiting.shift()?.();
    }
  };
  return { task, drain, most: () => most };
}

describe("mapLimited", () => {
  it("runs at most the limit at once and answers in the items' order", async () => {
    const g = gate();
    const done = mapLimited([1, 2, 3, 4, 5, 6, 7, 8, 9], 3, g.task);
    await g.drain(done);
    assert.deepEqual(await done, [10, 20, 30, 40, 50, 60, 70, 80, 90]);
    assert.equal(g.most(), 3);
  });
  it("a shared queue bounds two passes together", async () => {
    const g = gate();
    const queue = limiter(2);
    const both = Promise.all([mapLimited([1, 2, 3], queue, g.task), mapLimited([4, 5, 6], queue, g.task)]);
    await g.drain(both);
    assert.deepEqual(await both, [[10, 20, 30], [40, 50, 60]]);
    assert.equal(g.most(), 2);
  });
  it("a failing task rejects the whole map", async () => {
    await assert.rejects(mapLimited([1, 2], 1, async (n) => { if (n === 2) throw new Error("two"); return n; }), /two/);
  });
});
