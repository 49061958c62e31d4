import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { WebSocket } from "ws";
import type { Config } from "../../../src/config/config.ts";
import type { OutputListener } from "../../../src/hosts/link-watches.ts";
import { Live } from "../../../src/remote/live.ts";
import type { RemotePort } from "../../../src/remote/port.ts";

/** A page's WebSocket as Live uses it: what it was sent. */
class FakeWs extends EventEmitter {
  readyState = 1;
  readonly sent: Array<Record<string, unknown>> = [];
  send(text: string): void { this.sent.push(JSON.parse(text) as Record<string, unknown>); }
  close(): void { this.readyState = 3; this.emit("close"); }
  say(message: Record<string, unknown>): void { this.emit("message", Buffer.from(JSON.stringify(message))); }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the page's live connection and another machine's panes", () => {
  it("each phone's watch of HOST:%N is asked of the link and ended by its unwatch, by watching another pane, or by its connection closing", async () => {
    const watches: Array<{ pane: string; listener: OutputListener; stopped: number }> = [];
    const port = {
      tracked: new Map(),
      tmux: {},
      config: () => ({ hosts: [{ name: "far", ssh: "far" }], remote: { outputLines: 40 }, display: { backendSuffix: false } }) as unknown as Config,
      elsewhere: {
        snapshots: () => [],
        run: async () => ({ code: 0, stderr: "" }),
        watch: (_host: string, pane: string, listener: OutputListener) => { const w = { pane, listener, stopped: 0 }; watches.push(w); return () => { w.stopped += 1; }; },
      },
      log: () => undefined,
    } as unknown as RemotePort;
    const live = new Live(port, () => true);
    const a = new FakeWs();
    const b = new FakeWs();
    live.add(a as unknown as WebSocket, "t");
    live.add(b as unknown as WebSocket, "t");
    a.say({ type: "watch", pane: "far:%3" });
    b.say({ type: "watch", pane: "far:%3" });
    await settle();
    assert.deepEqual(watches.map((w) => w.pane), ["%3", "%3"]);
    watches[0]?.listener({ type: "output", text: "hello <b>x</b>" });
    assert.deepEqual(a.sent.filter((m) => m["type"] === "output"), [{ type: "output", pane: "far:%3", lines: ["hello <b>x</b>"] }]);
    a.say({ type: "unwatch" });
    await settle();
    assert.deepEqual(watches.map((w) => w.stopped), [1, 0]);
    b.say({ type: "watch", pane: "far:%4" });
    await settle();
    assert.deepEqual(watches.map((w) => [w.pane, w.stopped]), [["%3", 1], ["%3", 1], ["%4", 0]]);
    // Opening the same pane again (the link may have been replaced meanwhile) asks the link again.
    b.say({ type: "watch", pane: "far:%4" });
    await settle();
    assert.deepEqual(watches.map((w) => [w.pane, w.stopped]), [["%3", 1], ["%3", 1], ["%4", 1], ["%4", 0]]);
    b.close();
    assert.deepEqual(watches.map((w) => w.stopped), [1, 1, 1, 1], "a closed connection stops its watch");
    live.close();
  });
});
