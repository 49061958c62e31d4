import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { INITIAL, run, shownState, transition, type MachineEvent, type MachineState } from "../../../src/core/state-machine.ts";

const S = (patch: Partial<MachineState>): MachineState => ({ ...INITIAL, since: 1, ...patch });
const working = S({ state: "working", turnStart: 100, since: 100 });
const waiting = S({ state: "waiting", turnStart: 100, waitingSince: 200, since: 200 });
const idle = S({ state: "idle", turnStart: 100, waitingSince: 200, since: 250 });
const blockedMain = S({ state: "blocked", turnStart: 100, waitingSince: 150, blockingAgent: "main", since: 150 });
const blockedSub = S({ state: "blocked", turnStart: 100, waitingSince: 150, blockingAgent: "agent-7", since: 150 });

type Row = [string, MachineState, MachineEvent, Partial<MachineState>, string[]?];

// Each row: name, state before, event, expected fields after, expected effect types.
const rows: Row[] = [
  ["unknown stays unknown until an event: a stop makes it waiting", INITIAL, { kind: "stop", at: 10 }, { state: "waiting", since: 10 }],
  ["unknown + started → idle", INITIAL, { kind: "started", at: 10 }, { state: "idle" }],
  ["started later changes nothing", working, { kind: "started", at: 300 }, { state: "working", since: 100 }],
  ["submit from waiting begins a turn", waiting, { kind: "submit", at: 300 }, { state: "working", turnStart: 300, since: 300, statusStale: true }],
  ["submit while working is ignored (but the published status goes stale)", working, { kind: "submit", at: 300 }, { state: "working", turnStart: 100, since: 100, statusStale: true }, ["discarded"]],
  ["stop ends the turn: waiting", working, { kind: "stop", at: 300 }, { state: "waiting", waitingSince: 300, since: 300 }, []],
  ["stop fires no ready alert", working, { kind: "stop", at: 300 }, { state: "waiting" }, []],
  ["a stop sent before the current turn began is discarded", working, { kind: "stop", at: 50 }, { state: "working", since: 100 }, ["discarded"]],
  ["stop with background tasks → waiting + background", working, { kind: "stop", at: 300, background: true }, { state: "waiting", background: true }],
  ["idle-prompt fires the ready alert", working, { kind: "idle-prompt", at: 300 }, { state: "waiting" }, ["ready"]],
  ["idle-prompt on waiting alerts, keeps since", waiting, { kind: "idle-prompt", at: 900 }, { state: "waiting", since: 200, waitingSince: 200 }, ["ready"]],
  ["idle-prompt when already seen stays idle, no alert", idle, { kind: "idle-prompt", at: 900 }, { state: "idle" }, []],
  ["idle-prompt sent before the turn began is discarded", working, { kind: "idle-prompt", at: 50 }, { state: "working" }, ["discarded"]],
  ["blocked fires no ready alert", working, { kind: "blocked", at: 300 }, { state: "blocked", blockingAgent: "main", waitingSince: 300 }, []],
  ["blocked by a subagent records it", working, { kind: "blocked", at: 300, agentId: "agent-7" }, { state: "blocked", blockingAgent: "agent-7" }],
  ["idle-prompt while blocked keeps blocked", blockedMain, { kind: "idle-prompt", at: 300 }, { state: "blocked" }, []],
  ["activity after a dialog was answered → working, same turn", blockedMain, { kind: "activity", at: 300 }, { state: "working", turnStart: 100, blockingAgent: null }],
  ["activity on waiting (turn begun elsewhere) → working, new turn", waiting, { kind: "activity", at: 300 }, { state: "working", turnStart: 300 }],
  ["activity on unknown → working", INITIAL, { kind: "activity", at: 5 }, { state: "working", turnStart: 5 }],
  ["a tool event sent before the session began waiting is discarded", waiting, { kind: "activity", at: 150 }, { state: "waiting", since: 200 }, ["discarded"]],
  ["repeated activity does not reset the state age", working, { kind: "activity", at: 500 }, { state: "working", since: 100 }],
  ["a subagent's event while waiting is ignored (background noted)", waiting, { kind: "activity", at: 300, agentId: "agent-3" }, { state: "waiting", background: true }, ["discarded"]],
  ["a subagent's event while idle is ignored", idle, { kind: "activity", at: 300, agentId: "agent-3" }, { state: "idle" }, ["discarded"]],
  ["a subagent's event while blocked on another's dialog is ignored", blockedMain, { kind: "activity", at: 300, agentId: "agent-3" }, { state: "blocked" }, ["discarded"]],
  ["the subagent that raised the dialog answers it → working", blockedSub, { kind: "activity", at: 300, agentId: "agent-7" }, { state: "working" }],
  ["a subagent's event while working counts", working, { kind: "activity", at: 300, agentId: "agent-3" }, { state: "working" }, []],
  ["focus turns waiting into idle", waiting, { kind: "focus", at: 300 }, { state: "idle", since: 300 }],
  ["focus leaves blocked alone", blockedMain, { kind: "focus", at: 300 }, { state: "blocked" }],
  ["focus leaves working alone", working, { kind: "focus", at: 300 }, { state: "working" }],
  ["declared idle", working, { kind: "idle", at: 300 }, { state: "idle" }],
  ["an exit chain armed: the state stays (its turns are followed), the session is marked closing", waiting, { kind: "closing", at: 300, on: true }, { state: "waiting", closing: true }],
  ["a stop while closing ends the turn underneath, still closing", S({ state: "working", turnStart: 100, closing: true }), { kind: "stop", at: 300 }, { state: "waiting", closing: true }],
  ["the chain dropped: no longer closing", S({ state: "idle", closing: true }), { kind: "closing", at: 300, on: false }, { state: "idle", closing: undefined }],
  ["exited from any state", working, { kind: "exited", at: 300 }, { state: "exited", since: 300 }],
  ["nothing leaves exited", S({ state: "exited" }), { kind: "submit", at: 300 }, { state: "exited" }, ["discarded"]],
  ["background flag set and cleared", waiting, { kind: "background", at: 300, active: true }, { state: "waiting", background: true }],
  ["a new turn clears the blocking agent", blockedSub, { kind: "stop", at: 300 }, { state: "waiting", blockingAgent: null }],
];

describe("state machine transitions", () => {
  for (const [name, before, event, expected, effects] of rows) {
    it(name, () => {
      const { next, effects: got } = transition(before, event);
      for (const [key, value] of Object.entries(expected)) assert.deepEqual(next[key as keyof MachineState], value, `${key}`);
      if (effects) assert.deepEqual(got.map((e) => e.type), effects);
    });
  }
});

describe("state machine sequences", () => {
  it("a late stop from the previous turn does not end the next one", () => {
    const s = run([
      { kind: "submit", at: 100 },
      { kind: "submit", at: 300 }, // ignored: already working
      { kind: "stop", at: 200 },   // turn 1 ends
      { kind: "submit", at: 400 }, // turn 2
      { kind: "stop", at: 250 },   // delivered late: belongs to turn 1
    ]);
    assert.equal(s.state, "working");
    assert.equal(s.turnStart, 400);
  });
  it("a permission round trip: working → blocked → working → waiting → idle", () => {
    const states = [] as string[];
    let s = INITIAL;
    for (const e of [
      { kind: "submit", at: 1 }, { kind: "activity", at: 2 }, { kind: "blocked", at: 3 }, { kind: "activity", at: 10 },
      { kind: "stop", at: 11 }, { kind: "focus", at: 12 },
    ] as MachineEvent[]) {
      s = transition(s, e).next;
      states.push(s.state);
    }
    assert.deepEqual(states, ["working", "working", "blocked", "working", "waiting", "idle"]);
  });
  it("the last tool event delivered after the stop is discarded", () => {
    const s = run([{ kind: "submit", at: 1 }, { kind: "stop", at: 20 }, { kind: "activity", at: 19 }]);
    assert.equal(s.state, "waiting");
  });
});

describe("the state a session is shown in", () => {
  it("closing while the exit chain runs, but blocked (a skill's dialog needs the user) and exited as they are", () => {
    assert.equal(shownState({ state: "working", closing: true }), "closing");
    assert.equal(shownState({ state: "waiting", closing: true }), "closing");
    assert.equal(shownState({ state: "blocked", closing: true }), "blocked");
    assert.equal(shownState({ state: "exited", closing: true }), "exited");
    assert.equal(shownState({ state: "waiting" }), "waiting");
  });
});
