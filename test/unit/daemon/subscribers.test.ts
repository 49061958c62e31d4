import { describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import { PUSH_COALESCE_MS, Subscribers } from "../../../src/daemon/subscribers.ts";

/** A socket that keeps what is written to it. */
function fakeSocket(): Socket & { lines: string[] } {
  const socket = Object.assign(new EventEmitter(), { destroyed: false, lines: [] as string[], write(line: string) { socket.lines.push(line); return true; }, destroy() { socket.destroyed = true; } });
  return socket as unknown as Socket & { lines: string[] };
}

const settle = async () => { for (let i = 0; i < 5; i++) await Promise.resolve(); };

describe("a pushed view's subscribers", () => {
  it("the first change after a quiet spell goes at once; those right after it go together at the end of the coalescing time", async () => {
    mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 });
    try {
      let n = 0;
      const subs = new Subscribers(async () => `line ${n}`, () => undefined, "test");
      const socket = fakeSocket();
      await subs.subscribe(socket);
      assert.deepEqual(socket.lines, ["line 0\n"]);
      mock.timers.tick(10_000);
      n = 1;
      subs.changed();
      mock.timers.tick(0);
      await settle();
      assert.deepEqual(socket.lines.at(-1), "line 1\n", "no wait for the first change");
      n = 2; subs.changed();
      n = 3; subs.changed();
      mock.timers.tick(PUSH_COALESCE_MS - 1);
      await settle();
      assert.equal(socket.lines.length, 2, "the burst waits");
      mock.timers.tick(1);
      await settle();
      assert.deepEqual(socket.lines, ["line 0\n", "line 1\n", "line 3\n"], "and goes as one line, the latest");
      subs.close();
    } finally {
      mock.timers.reset();
    }
  });
});
