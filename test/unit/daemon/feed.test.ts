import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import { Feed, FEED_PROTOCOL } from "../../../src/daemon/feed.ts";
import { PUSH_COALESCE_MS } from "../../../src/daemon/subscribers.ts";
import type { NamedSession } from "../../../src/session/store.ts";

class FakeSocket extends EventEmitter {
  readonly lines: string[] = [];
  destroyed = false;
  write(line: string): boolean { this.lines.push(line); return true; }
  destroy(): void { this.destroyed = true; this.emit("close"); }
}

const session = (patch: Partial<NamedSession>): NamedSession => ({
  pane: "%11", backend: "claude", account: "", dir: "/r/api", instance: "", id: "", tokenHash: "t", label: "", group: "", forkedFrom: "", parent: "", side: "", launch: {},
  state: "idle", background: false, stateSince: 1_000, startedAt: 500, dead: false, deadStatus: null, title: "", command: "claude",
  pid: 10, tmuxSession: "s", window: "@1", windowIndex: "1", active: false, name: "api", ...patch,
});

describe("the roster feed", () => {
  it("pushes every session as list --json shows it, the inbox and the clock: at once, then once per burst of changes", async () => {
    let sessions = [session({})];
    const feed = new Feed({ sessions: async () => sessions, inbox: async () => [], log: () => undefined });
    const socket = new FakeSocket();
    await feed.subscribe(socket as unknown as Socket);
    assert.equal(socket.lines.length, 1);
    const first = JSON.parse(socket.lines[0] ?? "{}") as { ok: boolean; protocol: number; now: number; sessions: Array<{ pane: string; state: string; stateSince: number }> };
    assert.deepEqual([first.ok, first.protocol, typeof first.now], [true, FEED_PROTOCOL, "number"]);
    assert.deepEqual(first.sessions.map((s) => [s.pane, s.state, s.stateSince]), [["%11", "idle", 1_000]]);
    sessions = [session({ state: "waiting", stateSince: 2_000 }), session({ pane: "%12", name: "web" })];
    feed.changed(); feed.changed(); feed.changed();
    await new Promise((r) => setTimeout(r, PUSH_COALESCE_MS + 50));
    assert.equal(socket.lines.length, 2, "one push for the burst");
    const second = JSON.parse(socket.lines[1] ?? "{}") as { sessions: Array<{ pane: string; state: string }> };
    assert.deepEqual(second.sessions.map((s) => [s.pane, s.state]), [["%11", "waiting"], ["%12", "idle"]]);
    // Nothing but time went by (its clock, the ages): no push.
    await new Promise((r) => setTimeout(r, 1100));
    feed.changed();
    await new Promise((r) => setTimeout(r, PUSH_COALESCE_MS + 50));
    assert.equal(socket.lines.length, 2, "the same sessions an age later are not news");
    feed.close();
    assert.equal(socket.destroyed, true);
  });
});
