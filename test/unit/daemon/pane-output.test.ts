import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import { PaneOutputs } from "../../../src/daemon/pane-output.ts";
import type { Tracked } from "../../../src/daemon/tracked.ts";

/** A connection as the daemon writes to it: what it got, and whether it was ended. */
class FakeSocket extends EventEmitter {
  readonly lines: Array<Record<string, unknown>> = [];
  destroyed = false;
  ended = false;
  write(text: string): boolean { this.lines.push(JSON.parse(text) as Record<string, unknown>); return true; }
  end(text: string): void { this.write(text); this.ended = true; }
  destroy(): void { this.destroyed = true; }
}

function outputs(screens: Map<string, string | null>) {
  const captured: string[] = [];
  const o = new PaneOutputs({ tmux: { tryCapture: async (pane: string) => { captured.push(pane); return screens.get(pane) ?? null; } }, lines: () => 2, log: () => undefined });
  return { o, captured };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("one pane's output, pushed (op output)", () => {
  it("the pane's last lines at once, again when the screen watch saw it change (only what differs), and its end when its session exited", async () => {
    const screens = new Map<string, string | null>([["%5", "a\nb\nc\n\n"]]);
    const { o, captured } = outputs(screens);
    const socket = new FakeSocket();
    assert.equal(await o.subscribe(socket as unknown as Socket, "%5"), null);
    assert.deepEqual(socket.lines, [{ ok: true, pane: "%5", lines: ["b", "c"] }]);
    o.changed("%5");
    await settle();
    assert.equal(socket.lines.length, 1, "the same screen is not sent again");
    screens.set("%5", "a\nb\nc\nd");
    o.changed("%5");
    await settle();
    assert.deepEqual(socket.lines.at(-1), { ok: true, pane: "%5", lines: ["c", "d"] });
    o.changed("%6");
    await settle();
    assert.deepEqual(captured, ["%5", "%5", "%5"], "a pane nobody follows is not captured");
    o.sessionChanged({ pane: "%5", machine: { state: "exited" } } as Tracked);
    assert.deepEqual(socket.lines.at(-1), { ok: true, pane: "%5", ended: true });
    assert.equal(socket.ended, true);
    assert.equal(o.count, 0);
  });

  it("a pane that is gone ends its followers; a closed connection is dropped", async () => {
    const screens = new Map<string, string | null>([["%7", "x"]]);
    const { o } = outputs(screens);
    const a = new FakeSocket();
    const b = new FakeSocket();
    await o.subscribe(a as unknown as Socket, "%7");
    await o.subscribe(b as unknown as Socket, "%7");
    b.emit("close");
    assert.equal(o.count, 1);
    screens.set("%7", null);
    o.changed("%7");
    await settle();
    assert.deepEqual(a.lines.at(-1), { ok: true, pane: "%7", ended: true });
    assert.equal(b.lines.length, 1);
  });
});
