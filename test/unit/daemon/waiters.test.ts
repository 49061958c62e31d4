import { afterEach, beforeEach, describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import type { Response } from "../../../src/daemon/protocol.ts";
import { Waiters } from "../../../src/daemon/waiters.ts";

/** Whether the promise has settled, without waiting for it. */
async function settled(p: Promise<Response>): Promise<Response | "pending"> {
  return Promise.race([p, new Promise<"pending">((r) => setImmediate(() => r("pending")))]);
}

describe("agentmux wait's waiters", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  it("a waiter is answered by the change that reaches its state, not by another state or pane", async () => {
    const w = new Waiters();
    const p = w.add(["%12", "%13"], "waiting", 60_000);
    w.changed("%12", "working", 1);
    w.changed("%99", "waiting", 2);
    assert.equal(await settled(p), "pending");
    w.changed("%13", "waiting", 3);
    assert.deepEqual(await p, { ok: true, pane: "%13", state: "waiting", at: 3 });
  });

  it("a waiter with after is not answered by a change that began before it", async () => {
    const w = new Waiters();
    const p = w.add(["%12"], "waiting", 60_000, 100);
    w.changed("%12", "waiting", 99);
    assert.equal(await settled(p), "pending");
    w.changed("%12", "waiting", 100);
    assert.deepEqual(await p, { ok: true, pane: "%12", state: "waiting", at: 100 });
  });

  it("a waiter is answered once: a later change does not answer it again", async () => {
    const w = new Waiters();
    const answers: Response[] = [];
    void w.add(["%12"], "idle", 60_000).then((r) => answers.push(r));
    w.changed("%12", "idle", 1);
    w.changed("%12", "idle", 2);
    mock.timers.tick(60_000);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(answers, [{ ok: true, pane: "%12", state: "idle", at: 1 }]);
  });

  it("when every session waited on exits first the waiter fails, naming the last", async () => {
    const w = new Waiters();
    const p = w.add(["%12", "%13"], "waiting", 60_000);
    w.changed("%12", "exited", 1);
    assert.equal(await settled(p), "pending", "one session is still running");
    w.changed("%13", "exited", 2);
    assert.deepEqual(await p, { ok: false, error: "%13 exited before reaching waiting" });
  });

  it("waiting for exited is answered by the exit", async () => {
    const w = new Waiters();
    const p = w.add(["%12"], "exited", 60_000);
    w.changed("%12", "exited", 5);
    assert.deepEqual(await p, { ok: true, pane: "%12", state: "exited", at: 5 });
  });

  it("a waiter times out with the state it waited for and a hint", async () => {
    const w = new Waiters();
    const p = w.add(["%12"], "blocked", 90_000);
    mock.timers.tick(89_999);
    assert.equal(await settled(p), "pending");
    mock.timers.tick(1);
    assert.deepEqual(await p, { ok: false, error: "timed out after 90 s waiting for blocked", hint: "raise --timeout", timedOut: true });
  });

  it("closing answers every waiter that the daemon stopped", async () => {
    const w = new Waiters();
    const a = w.add(["%12"], "idle", 60_000);
    const b = w.add(["%14"], "waiting", 60_000);
    w.close();
    assert.deepEqual(await Promise.all([a, b]), [{ ok: false, error: "the daemon stopped" }, { ok: false, error: "the daemon stopped" }]);
  });
});
