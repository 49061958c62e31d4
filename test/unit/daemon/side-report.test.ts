import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { INITIAL, type MachineState } from "../../../src/core/state-machine.ts";
import { NO_CHANNELS } from "../../../src/core/evidence.ts";
import { parentNews, parentState, SideReport } from "../../../src/daemon/side-report.ts";
import type { Tracked } from "../../../src/daemon/tracked.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const tracked = (pane: string, machine: Partial<MachineState>, record: Record<string, string> = {}): Tracked => ({
  pane, backend: "claude", tokenHash: "t", id: "", dir: "/r/web", machine: { ...INITIAL, ...machine }, promptIds: [], lastPromptSeen: "", lastEventAt: 0, channels: NO_CHANNELS, raisedBy: null, decided: null,
  lastStopAt: 0, lastStopPromptId: "", statusMtime: 0, tornDown: false, panePid: 0, exitStatus: null, killed: false, suppressed: false, launch: {},
  record: { window: "@1", dir: "/r/web", instance: "", label: "", side: "", parent: "", ...record } as never,
});

describe("a side hears of its parent", () => {
  const parent = tracked("%12", { state: "blocked", since: 5 });
  const side = tracked("%14", { state: "idle" }, { side: "1", parent: "%12", window: "@3" });
  const map = (...all: Tracked[]) => new Map(all.map((t) => [t.pane, t]));

  it("its border names the parent's state; gone when the parent is; nothing for other sessions", () => {
    assert.equal(parentState(side, map(parent, side)), "parent: needs approval");
    assert.equal(parentState(side, map(tracked("%12", { state: "waiting" }), side)), "parent: waiting");
    assert.equal(parentState(side, map(side)), "parent: gone");
    assert.equal(parentState(parent, map(parent, side)), "");
  });

  it("the news of finishing, failing, needing approval and exiting; nothing for working", () => {
    assert.match(parentNews("web", parent, { ...INITIAL, state: "blocked" }) ?? "", /web \(the parent\) needs approval/);
    assert.match(parentNews("web", parent, { ...INITIAL, state: "waiting" }) ?? "", /finished its turn/);
    assert.match(parentNews("web", { ...parent, cause: { why: "failed", detail: "rate limit" } }, { ...INITIAL, state: "waiting" }) ?? "", /failed: rate limit/);
    assert.match(parentNews("web", parent, { ...INITIAL, state: "exited" }) ?? "", /exited/);
    assert.equal(parentNews("web", parent, { ...INITIAL, state: "working" }), null);
  });

  it("is said once per episode, in the side's window, and not at all when reportParentStatus is off", async () => {
    const shown: Array<[string, string]> = [];
    const tmux = { displayInWindow: async (window: string, text: string) => { shown.push([window, text]); return 1; } } as unknown as Tmux;
    let enabled = true;
    const report = new SideReport(tmux, () => enabled);
    const all = map(parent, side);
    await report.parentChanged(parent, parent.machine, all);
    await report.parentChanged(parent, parent.machine, all);
    assert.equal(shown.length, 1);
    assert.equal(shown[0]?.[0], "@3");
    assert.match(shown[0]?.[1] ?? "", /needs approval/);
    await report.parentChanged(parent, { ...parent.machine, state: "waiting", since: 9 }, all);
    assert.equal(shown.length, 2);
    enabled = false;
    await report.parentChanged(parent, { ...parent.machine, state: "blocked", since: 12 }, all);
    assert.equal(shown.length, 2);
    await report.parentChanged(side, side.machine, all);
    assert.equal(shown.length, 2);
  });
});
