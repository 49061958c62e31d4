import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { borderText, windowStates } from "../../../src/daemon/markers.ts";
import { INITIAL, type MachineState } from "../../../src/core/state-machine.ts";
import type { Tracked } from "../../../src/daemon/tracked.ts";
import { NO_CHANNELS } from "../../../src/core/evidence.ts";

const tracked = (pane: string, window: string, machine: Partial<MachineState>, record: Record<string, string> = {}): Tracked => ({
  pane, backend: "claude", tokenHash: "t", id: "", dir: "/r/api", machine: { ...INITIAL, ...machine }, promptIds: [], lastPromptSeen: "", lastEventAt: 0, channels: NO_CHANNELS, raisedBy: null, decided: null,
  lastStopAt: 0, lastStopPromptId: "", statusMtime: 0, tornDown: false, panePid: 0, exitStatus: null, killed: false, suppressed: false, launch: {},
  record: { window, dir: "/r/api", instance: "", label: "", status: "", statusStale: "", model: "", effort: "", account: "", ...record } as never,
});

describe("window markers", () => {
  it("the most urgent state of a window's agents; empty when none needs anything", () => {
    const marks = windowStates([
      tracked("%1", "@1", { state: "working" }), tracked("%2", "@1", { state: "blocked" }),
      tracked("%3", "@2", { state: "waiting" }), tracked("%4", "@2", { state: "working" }),
      tracked("%5", "@3", { state: "idle" }),
    ]);
    assert.deepEqual(Object.fromEntries(marks), { "@1": "blocked", "@2": "waiting", "@3": "" });
  });
  it("counted as the status segment counts: a snoozed session not at all, a closing one as closing (no mark)", () => {
    const now = 1_000_000;
    const marks = windowStates([
      tracked("%1", "@1", { state: "waiting" }, { snoozed: "1" }),
      tracked("%2", "@2", { state: "blocked" }, { snoozed: String(now + 60_000) }), tracked("%3", "@2", { state: "working" }),
      tracked("%4", "@3", { state: "waiting" }, { snoozed: String(now - 1) }),
      tracked("%5", "@4", { state: "working", closing: true }),
    ], now);
    assert.deepEqual(Object.fromEntries(marks), { "@1": "", "@2": "working", "@3": "waiting", "@4": "" });
  });
});

describe("pane border", () => {
  it("icon and name, model, effort, account, published status; empty parts left out", () => {
    assert.equal(borderText(tracked("%1", "@1", { state: "idle" }, { model: "Opus 4.8", effort: "high", account: "work", status: "fixing #12" }), "api"), "✻ api · Opus 4.8 · high · work · fixing ##12");
    assert.equal(borderText(tracked("%1", "@1", { state: "idle" }), "api"), "✻ api");
  });
  it("every text part is shown literally: a name, model or status cannot style the border or run a command", () => {
    const hostile = tracked("%12", "@1", { state: "idle" }, { model: "#{pane_id}", account: "a\nb", status: "#(touch x)" });
    assert.equal(borderText(hostile, "#[fg=red,bg=blue]x"), "✻ ##[fg=red,bg=blue]x · ##{pane_id} · a b · ##(touch x)");
    const stale = tracked("%12", "@1", { state: "idle" }, { status: "#[bold]", statusStale: "1" });
    assert.equal(borderText(stale, "api"), "✻ api · #[italics]##[bold]#[noitalics]");
  });
  it("the turn's duration while working; a stale status in italics", () => {
    const t = tracked("%1", "@1", { state: "working", turnStart: 1_000 }, { status: "old", statusStale: "1" });
    assert.equal(borderText(t, "api", 93_000), "✻ api · ⏱ 1m32s · #[italics]old#[noitalics]");
  });
});

describe("a side conversation's border", () => {
  it("ends with its parent's state", () => {
    assert.equal(borderText(tracked("%14", "@1", { state: "idle" }), "web [side]", 0, "parent: waiting"), "✻ web [side] · parent: waiting");
  });
});
