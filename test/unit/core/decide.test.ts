import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { decide, DIALOG_GONE_MS, DIALOG_UNSEEN_MS, INTERRUPT_WINDOW_MS, SCREEN_SETTLE_MS, SETTLED_MS, STALE_TURN_MS, TITLE_TURN_MS, type DecisionInput } from "../../../src/core/decide.ts";
import { NO_CHANNELS, type Channel, type Channels, type LiveWord, type ScreenWord } from "../../../src/core/evidence.ts";
import { INITIAL, transition, type MachineState } from "../../../src/core/state-machine.ts";

const NOW = 1_000_000;
const S = SCREEN_SETTLE_MS;

/** A screen word: verdict, rule, region (title or screen), cause, since (ms before NOW). */
function screen(verdict: ScreenWord["verdict"], ago: number, opts: { region?: "title" | "screen"; cause?: string; rule?: string } = {}): ScreenWord {
  return { verdict, rule: opts.rule ?? `${verdict}-rule`, region: opts.region ?? "screen", cause: opts.cause ?? null, since: NOW - ago, at: NOW };
}
function live(status: LiveWord["status"], ago: number, waitingFor?: string): LiveWord {
  return { status, waitingFor, source: "Claude Code's session file", since: NOW - ago, at: NOW };
}

interface Case {
  state: MachineState["state"];
  /** ms before NOW the state began; the turn began then too unless turnAgo says otherwise. */
  ago: number;
  turnAgo?: number | null;
  background?: boolean;
  raisedBy?: Channel | null;
  hookAgo?: number;
  screen?: ScreenWord;
  live?: LiveWord;
  input?: { kind: "escape" | "submit" | "keys"; ago: number };
  hooks?: boolean;
  /** ms before NOW the screen last showed a dialog. */
  dialogAgo?: number;
}

function input(c: Case): DecisionInput {
  const turnAgo = c.turnAgo === undefined ? c.ago : c.turnAgo;
  const machine: MachineState = { ...INITIAL, state: c.state, since: NOW - c.ago, turnStart: turnAgo === null ? null : NOW - turnAgo, background: c.background ?? false };
  const channels: Channels = {
    ...NO_CHANNELS,
    hook: c.hookAgo === undefined ? null : { event: "Hook", at: NOW - c.hookAgo },
    screen: c.screen ?? null,
    live: c.live ?? null,
    input: c.input ? { kind: c.input.kind, at: NOW - c.input.ago } : null,
  };
  return { machine, raisedBy: c.raisedBy ?? (c.hookAgo !== undefined ? "hook" : null), channels, hooks: c.hooks ?? true, now: NOW, dialogSeenAt: c.dialogAgo === undefined ? null : NOW - c.dialogAgo };
}

/** [name, case, expected event kind (null: hold), expected rule, expected cause] */
type Row = [string, Case, string | null, string, string?];

const rows: Row[] = [
  // Final states.
  ["exited is final", { state: "exited", ago: 10_000, screen: screen("working", 9000) }, null, "final"],

  // Interrupts, whoever pressed Escape.
  ["Claude's 'Interrupted · What should Claude do instead?' typed in the pane: blocked", { state: "working", ago: 20_000, hookAgo: 19_000, screen: screen("blocked", 100, { cause: "interrupted" }) }, "blocked", "interrupted-on-screen", "interrupted"],
  ["Codex's '■ Conversation interrupted': blocked at once", { state: "working", ago: 20_000, hookAgo: 100, screen: screen("blocked", 0, { cause: "interrupted" }) }, "blocked", "interrupted-on-screen", "interrupted"],
  ["a Stop right before the interrupted screen (Codex): still blocked", { state: "waiting", ago: 500, turnAgo: 20_000, hookAgo: 500, screen: screen("blocked", 200, { cause: "interrupted" }) }, "blocked", "interrupted-on-screen", "interrupted"],
  ["an interrupted line from before the current turn is old news", { state: "working", ago: 5000, hookAgo: 5000, screen: screen("blocked", 9000, { cause: "interrupted" }) }, null, "agree"],
  ["already seen after an interrupt (idle): not raised again", { state: "idle", ago: 5000, turnAgo: 30_000, screen: screen("blocked", 9000, { cause: "interrupted" }) }, null, "agree"],
  ["Escape through agentmux, the turn visibly over: interrupted", { state: "working", ago: 20_000, hookAgo: 19_000, input: { kind: "escape", ago: 1500 }, screen: screen("idle", 1200) }, "blocked", "interrupted-by-escape", "interrupted"],
  ["an Escape long ago: the turn just ended", { state: "working", ago: 60_000, hookAgo: 50_000, input: { kind: "escape", ago: INTERRUPT_WINDOW_MS + 5000 }, screen: screen("idle", S) }, "stop", "turn-ended-on-screen"],
  ["Claude's live file says idle right after an Escape: interrupted", { state: "working", ago: 20_000, hookAgo: 19_000, input: { kind: "escape", ago: 1500 }, live: live("idle", 1000) }, "blocked", "interrupted-by-escape", "interrupted"],

  // The screen raises blocked on its own.
  ["a dialog while the hooks say working fills in at once", { state: "working", ago: 5000, hookAgo: 100, screen: screen("blocked", 0, { cause: "permission" }) }, "blocked", "dialog-on-screen", "permission"],
  ["the trust dialog before any hook", { state: "unknown", ago: 0, turnAgo: null, screen: screen("blocked", 0, { cause: "trust" }) }, "blocked", "dialog-on-screen", "trust"],
  ["a dialog after the turn ended, held long enough", { state: "waiting", ago: 5000, hookAgo: 5000, screen: screen("blocked", 700) }, "blocked", "dialog-on-screen"],
  ["a dialog after the turn ended, just drawn", { state: "waiting", ago: 5000, hookAgo: 5000, screen: screen("blocked", 100) }, null, "dialog-settling"],
  ["without hooks a dialog after the turn raises blocked at once", { state: "waiting", ago: 5000, hooks: false, screen: screen("blocked", 0) }, "blocked", "dialog-on-screen"],
  ["without hooks the screen's blocker ends the moment the prompt is free", { state: "blocked", ago: 5000, turnAgo: 10_000, raisedBy: "screen", hooks: false, screen: screen("idle", 0) }, "stop", "blocker-gone"],
  ["without hooks a spinner title alone answers no blocker, however long (Codex spins it while it shuts down at a dialog)", { state: "blocked", ago: 5000, turnAgo: 10_000, raisedBy: "screen", hooks: false, screen: screen("working", 4000, { region: "title" }) }, null, "blocker-holds"],
  ["…nor with hooks, for the screen's own blocker", { state: "blocked", ago: 5000, turnAgo: 10_000, raisedBy: "screen", screen: screen("working", 4000, { region: "title" }) }, null, "blocker-holds"],
  ["Codex's start-up spinner after the trust dialog (no turn yet) is no turn, however long", { state: "blocked", ago: 5000, turnAgo: null, raisedBy: "screen", hooks: false, screen: screen("working", 4000, { region: "title" }) }, null, "blocker-holds"],
  ["after the trust dialog the status line on screen is a turn (the user typed one)", { state: "blocked", ago: 5000, turnAgo: null, raisedBy: "screen", hooks: false, screen: screen("working", 0) }, "activity", "blocker-answered"],
  ["without hooks the turn running again ends it at once too", { state: "blocked", ago: 5000, turnAgo: 10_000, raisedBy: "screen", hooks: false, screen: screen("working", 0) }, "activity", "blocker-answered"],
  ["a dialog still drawn from before the stop is not news", { state: "waiting", ago: 500, hookAgo: 500, screen: screen("blocked", 2000) }, null, "dialog-old"],
  ["matrix bug 2: a dialog just answered (a hook says working) is not raised again from the old capture", { state: "working", ago: 50, turnAgo: 20_000, hookAgo: 50, screen: screen("blocked", 3000, { cause: "question" }) }, null, "dialog-old"],

  // A blocker from a hook or the live status ends only on positive evidence.
  ["case 1: the question dialog's title says idle: the hook's blocker holds", { state: "blocked", ago: 30_000, hookAgo: 30_000, screen: screen("idle", 29_000, { region: "title", rule: "title-idle" }) }, null, "blocker-holds"],
  ["a screen that matched nothing does not end a blocker", { state: "blocked", ago: 30_000, hookAgo: 30_000, screen: screen("unknown", 29_000) }, null, "blocker-holds"],
  ["the live status still says waiting: holds", { state: "blocked", ago: 30_000, hookAgo: 30_000, live: live("waiting", 30_000, "permission prompt") }, null, "blocker-holds"],
  ["the prompt free and no dialog, held: the turn ended (waiting)", { state: "blocked", ago: 10_000, turnAgo: 20_000, hookAgo: 10_000, dialogAgo: DIALOG_GONE_MS + 500, screen: screen("idle", DIALOG_GONE_MS) }, "stop", "blocker-gone"],
  ["the prompt free after the user typed: seen (idle)", { state: "blocked", ago: 10_000, turnAgo: 20_000, hookAgo: 10_000, dialogAgo: DIALOG_GONE_MS + 500, input: { kind: "keys", ago: 3000 }, screen: screen("idle", DIALOG_GONE_MS) }, "idle", "blocker-gone"],
  ["the prompt free, not yet held", { state: "blocked", ago: 10_000, hookAgo: 10_000, screen: screen("idle", 500) }, null, "blocker-holds"],
  ["a free prompt from before the dialog is not news", { state: "blocked", ago: 10_000, hookAgo: 10_000, screen: screen("idle", 12_000) }, null, "blocker-holds"],
  ["the dialog answered: the turn runs on screen, held", { state: "blocked", ago: 10_000, turnAgo: 20_000, hookAgo: 10_000, dialogAgo: DIALOG_GONE_MS + 500, screen: screen("working", DIALOG_GONE_MS) }, "activity", "blocker-answered"],
  ["a hook's dialog the screen has not shown yet (Codex draws its command line first): the turn on screen holds", { state: "blocked", ago: 3000, turnAgo: 20_000, hookAgo: 3000, screen: screen("working", 2500) }, null, "blocker-holds"],
  ["... and so does a free prompt", { state: "blocked", ago: 3000, turnAgo: 20_000, hookAgo: 3000, screen: screen("idle", 2500) }, null, "blocker-holds"],
  ["a dialog seen before the hook's blocker began is not this one's", { state: "blocked", ago: 3000, turnAgo: 20_000, hookAgo: 3000, dialogAgo: 3500, screen: screen("working", 2500) }, null, "blocker-holds"],
  ["a hook's dialog never drawn: the turn running on screen that long ends it", { state: "blocked", ago: 8000, turnAgo: 20_000, hookAgo: 8000, screen: screen("working", DIALOG_UNSEEN_MS) }, "activity", "blocker-answered"],
  ["matrix bug 1: the hook's dialog not drawn yet, the spinner still shows: holds", { state: "blocked", ago: 300, turnAgo: 20_000, hookAgo: 300, screen: screen("working", 200) }, null, "blocker-holds"],
  ["matrix bugs 3, 4: the interrupted turn still on screen, Claude's live file idle: holds", { state: "blocked", ago: 10_000, turnAgo: 20_000, hookAgo: 10_000, live: live("idle", 9000), screen: screen("blocked", 9000, { cause: "interrupted" }) }, null, "blocker-on-screen"],
  ["a permission dialog still on screen, the live file idle: holds", { state: "blocked", ago: 10_000, hookAgo: 10_000, live: live("idle", 9000), screen: screen("blocked", 9000, { cause: "permission" }) }, null, "blocker-on-screen"],
  ["an interrupted screen long before the stop is not that turn's", { state: "waiting", ago: 100, turnAgo: 20_000, hookAgo: 100, screen: screen("blocked", 8000, { cause: "interrupted" }) }, null, "agree"],
  ["a spinner title alone does not end a hook's blocker", { state: "blocked", ago: 10_000, hookAgo: 10_000, screen: screen("working", 5000, { region: "title" }) }, null, "blocker-holds"],
  ["the live status says busy again: answered", { state: "blocked", ago: 10_000, hookAgo: 10_000, live: live("busy", 500) }, "activity", "blocker-answered"],
  ["the live status says idle again, settled: gone", { state: "blocked", ago: 10_000, turnAgo: 20_000, hookAgo: 10_000, live: live("idle", 4000) }, "stop", "blocker-gone"],

  // A blocker the screen raised (before any hook): the same positive evidence ends it.
  ["case 3: the trust dialog accepted, the prompt shows: idle (no turn ran)", { state: "blocked", ago: 10_000, turnAgo: null, raisedBy: "screen", hookAgo: 8000, screen: screen("idle", 8000) }, "idle", "blocker-gone"],
  ["case 3: the trust dialog accepted, only the idle title shows: idle", { state: "blocked", ago: 10_000, turnAgo: null, raisedBy: "screen", screen: screen("idle", 2000, { region: "title" }) }, "idle", "blocker-gone"],
  ["the screen's dialog gone, nothing recognised for a while: idle", { state: "blocked", ago: 10_000, turnAgo: null, raisedBy: "screen", screen: screen("unknown", S) }, "idle", "blocker-gone"],
  ["the screen's dialog gone, nothing recognised yet: holds", { state: "blocked", ago: 10_000, turnAgo: null, raisedBy: "screen", screen: screen("unknown", 1000) }, null, "blocker-holds"],

  // Background work after the turn.
  ["case 2: stopped with a background agent, the title spins: still waiting", { state: "waiting", ago: 30_000, background: true, hookAgo: 30_000, screen: screen("working", 29_000, { region: "title", rule: "title-spinner" }) }, null, "background-holds"],
  ["stopped with background work, even a working screen is no new turn", { state: "idle", ago: 30_000, background: true, hookAgo: 30_000, screen: screen("working", 29_000) }, null, "background-holds"],
  ["stopped with background work, the live status busy: still waiting", { state: "waiting", ago: 30_000, background: true, hookAgo: 30_000, live: live("busy", 29_000) }, null, "background-holds"],

  // The screen and live status against the hooks' turn boundaries.
  ["a turn begun outside the hooks, held on screen", { state: "waiting", ago: 30_000, hookAgo: 30_000, screen: screen("working", S) }, "activity", "turn-began-on-screen"],
  ["a spinner title alone begins no turn when hooks mark turns", { state: "waiting", ago: 30_000, hookAgo: 30_000, screen: screen("working", S, { region: "title" }) }, null, "agree"],
  ["without hooks a spinner title alone begins no turn either, however long (Codex spins it while it shuts down: Ctrl-C, /quit)", { state: "waiting", ago: 30_000, hooks: false, screen: screen("working", 4000, { region: "title" }) }, null, "agree"],
  ["…nor before any turn", { state: "idle", ago: 30_000, turnAgo: null, hooks: false, screen: screen("working", 4000, { region: "title" }) }, null, "agree"],
  ["without hooks, at first sight, a spinner title held a moment is a turn (a daemon started mid-turn)", { state: "unknown", ago: TITLE_TURN_MS, turnAgo: null, hooks: false, screen: screen("working", TITLE_TURN_MS, { region: "title" }) }, "activity", "turn-began-on-screen"],
  ["without hooks a spinner title just drawn begins no turn (Codex blinks one while it starts)", { state: "idle", ago: 1000, turnAgo: null, hooks: false, screen: screen("working", 40, { region: "title" }) }, null, "agree"],
  ["…nor at first sight", { state: "unknown", ago: 0, turnAgo: null, hooks: false, screen: screen("working", 40, { region: "title" }) }, null, "agree"],
  ["without hooks the screen itself showing a turn begins one at once", { state: "idle", ago: 30_000, hooks: false, screen: screen("working", 0) }, "activity", "turn-began-on-screen"],
  ["a stale working whose turn visibly ended", { state: "working", ago: 30_000, hookAgo: 30_000, screen: screen("idle", S) }, "stop", "turn-ended-on-screen"],
  ["a prompt that never changed since the submit is no end of the turn yet", { state: "working", ago: 5000, input: { kind: "submit", ago: 5000 }, screen: screen("idle", 60_000) }, null, "agree"],
  ["…but after a long calm it is (a stop that never came)", { state: "working", ago: STALE_TURN_MS + 1000, input: { kind: "submit", ago: STALE_TURN_MS + 1000 }, screen: screen("idle", 60_000) }, "stop", "turn-ended-on-screen"],
  ["a fresh hook holds the screen back", { state: "working", ago: 30_000, hookAgo: 500, screen: screen("idle", S) }, null, "agree"],
  ["the idle title alone does not end a hook's turn", { state: "working", ago: 30_000, hookAgo: 30_000, screen: screen("idle", 20_000, { region: "title" }) }, null, "agree"],
  ["without hooks a free prompt drawn after the turn began ends it at once", { state: "working", ago: 30_000, hooks: false, screen: screen("idle", 0) }, "stop", "turn-ended-on-screen"],
  ["without hooks the prompt unchanged since the submit does not end the turn at once (the screen is not redrawn yet)", { state: "working", ago: 5, hooks: false, input: { kind: "submit", ago: 5 }, screen: screen("idle", 60_000) }, null, "agree"],
  ["…after the settle time it does", { state: "working", ago: S, hooks: false, input: { kind: "submit", ago: S }, screen: screen("idle", 60_000) }, "stop", "turn-ended-on-screen"],
  ["Claude's live file says idle, settled", { state: "working", ago: 30_000, hookAgo: 20_000, live: live("idle", 10_000) }, "stop", "turn-ended-live"],
  ["the live file just said idle, the screen not looked at since: wait for it (an interrupt shows there)", { state: "working", ago: 30_000, hookAgo: 20_000, live: live("idle", 500), screen: { ...screen("working", 20_000), at: NOW - 1000 } }, null, "agree"],
  ["…the screen looked at since: the turn ended", { state: "working", ago: 30_000, hookAgo: 20_000, live: live("idle", 500), screen: screen("working", 20_000) }, "stop", "turn-ended-live"],
  ["Claude's live file still says idle well after the turn began: it counts (the turn did not take)", { state: "working", ago: 5000, hookAgo: 5000, live: live("idle", 60_000) }, "stop", "turn-ended-live"],
  ["Claude's live file read just after the turn began: too soon to count", { state: "working", ago: 2000, hookAgo: 2000, live: live("idle", 60_000) }, null, "agree"],
  ["Claude's live file says waiting (permission prompt)", { state: "working", ago: 30_000, hookAgo: 20_000, live: live("waiting", 10_000, "permission prompt") }, "blocked", "live-waiting", "permission prompt"],
  ["a live report just after a hook waits for the settle time", { state: "working", ago: 30_000, hookAgo: 1000, live: live("idle", 900) }, null, "agree"],
  ["a submit through agentmux is a session event: a live idle read before it is stale", { state: "working", ago: 1000, input: { kind: "submit", ago: 1000 }, live: live("idle", 30_000) }, null, "agree"],
  ["Claude's live file says waiting (permission prompt) after the turn ended: blocked", { state: "waiting", ago: 10_000, hookAgo: 10_000, live: live("waiting", 5000, "permission prompt") }, "blocked", "live-waiting", "permission prompt"],
  ["Claude's live file says waiting while idle (seen): blocked", { state: "idle", ago: 60_000, turnAgo: 90_000, hookAgo: 90_000, live: live("waiting", 4000, "permission prompt") }, "blocked", "live-waiting", "permission prompt"],
  ["a live waiting read too soon after the last event waits for the settle time", { state: "idle", ago: 60_000, turnAgo: 90_000, hookAgo: 1000, live: live("waiting", 500, "permission prompt") }, null, "agree"],
  ["a live waiting from before the stop (the blocker just left) does not raise it again", { state: "waiting", ago: 5000, turnAgo: 40_000, hookAgo: 5000, live: live("waiting", 30_000, "permission prompt") }, null, "live-waiting-old"],
  ["…nor after the user looked (idle)", { state: "idle", ago: 5000, turnAgo: 40_000, hookAgo: 20_000, live: live("waiting", 30_000) }, null, "live-waiting-old"],
  ["Claude's live file says busy while waiting", { state: "waiting", ago: 30_000, hookAgo: 30_000, live: live("busy", 5000) }, "activity", "turn-began-live"],
  ["first sight: the prompt", { state: "unknown", ago: 0, turnAgo: null, screen: screen("idle", 0) }, "started", "first-sight"],
  ["first sight: Claude's live file says idle", { state: "unknown", ago: 0, turnAgo: null, live: live("idle", 0) }, "started", "first-sight"],
  ["first sight of an interrupted transcript: idle, not blocked", { state: "unknown", ago: 0, turnAgo: null, screen: screen("blocked", 0, { cause: "interrupted" }) }, "started", "first-sight"],
  ["agreement holds", { state: "waiting", ago: 30_000, hookAgo: 30_000, screen: screen("idle", 29_000) }, null, "agree"],
];

describe("SETTLED_MS", () => {
  it("is longer than every time the rules count (the session table stops weighing a session once its words are older)", async () => {
    const times = Object.entries(await import("../../../src/core/decide.ts")).filter(([name, value]) => name.endsWith("_MS") && name !== "SETTLED_MS" && typeof value === "number");
    assert.ok(times.length >= 10, times.map(([n]) => n).join(", "));
    for (const [name, value] of times) assert.ok((value as number) < SETTLED_MS, `${name} ${String(value)} >= SETTLED_MS`);
  });
});

describe("the decision table", () => {
  for (const [name, c, kind, rule, cause] of rows) {
    it(name, () => {
      const d = decide(input(c));
      assert.equal(d.event?.kind ?? null, kind, `${d.rule}: ${d.why}`);
      assert.equal(d.rule, rule);
      if (cause !== undefined) assert.equal(d.cause, cause);
    });
  }
});

/** Drive the decision over time (every 250 ms) with changing evidence; answers the states it went through. */
function simulate(start: MachineState, raisedBy: Channel | null, evidence: (t: number) => Partial<Channels>, until: number, hooks = true): string[] {
  let machine = start;
  let by = raisedBy;
  const states = [machine.state];
  for (let now = start.since; now <= until; now += 250) {
    const channels = { ...NO_CHANNELS, ...evidence(now) };
    const d = decide({ machine, raisedBy: by, channels, hooks, now });
    if (!d.event) continue;
    const next = transition(machine, d.event).next;
    if (next.state !== machine.state) { states.push(next.state); by = d.raisedBy ?? by; }
    machine = next;
  }
  return states;
}

describe("no flapping", () => {
  it("matrix bug 3: an Escape after the turn, the interrupted line on screen, Claude's live file idle: blocked for good", () => {
    const start: MachineState = { ...INITIAL, state: "blocked", since: 1000, turnStart: 0 };
    const states = simulate(start, "screen", (t) => ({
      input: { kind: "escape", at: 500 },
      screen: { verdict: "blocked", rule: "interrupted", region: "screen", cause: "interrupted", since: 900, at: t },
      live: { status: "idle", source: "live", since: 1200, at: t },
    }), 60_000);
    assert.deepEqual(states, ["blocked"]);
  });
  it("matrix bug 1: a hook's dialog drawn half a second after the hook: blocked once", () => {
    const start: MachineState = { ...INITIAL, state: "blocked", since: 1000, turnStart: 0 };
    const states = simulate(start, "hook", (t) => ({
      hook: { event: "PermissionRequest", at: 1000 },
      screen: t < 1500 ? { verdict: "working", rule: "spinner", region: "screen", cause: null, since: 1100, at: t } : { verdict: "blocked", rule: "permission", region: "screen", cause: "permission", since: 1500, at: t },
    }), 30_000);
    assert.deepEqual(states, ["blocked"]);
  });
  it("case 1: a question the manifest cannot read, a hook's blocker, the title idle and the live file waiting: blocked throughout", () => {
    const start: MachineState = { ...INITIAL, state: "blocked", since: 0, turnStart: 0 };
    const states = simulate(start, "hook", (t) => ({
      hook: { event: "PermissionRequest", at: 0 },
      screen: { verdict: "idle", rule: "title-idle", region: "title", cause: null, since: 300, at: t },
      live: { status: "waiting", waitingFor: "permission prompt", source: "live", since: 100, at: t },
    }), 60_000);
    assert.deepEqual(states, ["blocked"]);
  });
  it("a dialog answered: blocked → working once, never back", () => {
    const start: MachineState = { ...INITIAL, state: "blocked", since: 0, turnStart: 0 };
    const states = simulate(start, "hook", (t) => ({
      hook: { event: "PermissionRequest", at: 0 },
      screen: t < 5000 ? { verdict: "blocked", rule: "dialog", region: "screen", cause: "permission", since: 200, at: t } : { verdict: "working", rule: "spinner", region: "screen", cause: null, since: 5000, at: t },
    }), 30_000);
    assert.deepEqual(states, ["blocked", "working"]);
  });
  it("case 2: after a Stop with a background agent, a minute of spinner title: waiting throughout", () => {
    const start: MachineState = { ...INITIAL, state: "waiting", since: 0, turnStart: -10_000, background: true };
    const states = simulate(start, "hook", (t) => ({
      hook: { event: "Stop", at: 0 },
      screen: { verdict: "working", rule: "title-spinner", region: "title", cause: null, since: 500, at: t },
    }), 60_000);
    assert.deepEqual(states, ["waiting"]);
  });
  it("Ctrl-C at Codex's composer before any hook: its shutdown spins the title for seconds, then it exits: idle throughout", () => {
    const start: MachineState = { ...INITIAL, state: "idle", since: 0, turnStart: null };
    const states = simulate(start, "screen", (t) => ({
      input: { kind: "keys", at: 1000 },
      screen: t < 1100 ? { verdict: "idle", rule: "composer", region: "screen", cause: null, since: 0, at: t }
        : t < 6000 ? { verdict: "working", rule: "title-spinner", region: "title", cause: null, since: 1100, at: t }
          : { verdict: "idle", rule: "composer", region: "screen", cause: null, since: 6000, at: t },
    }), 30_000, false);
    assert.deepEqual(states, ["idle"]);
  });
  it("without hooks, a turn the screen shows begins; its streaming (the spinner title alone) keeps it; the free prompt ends it", () => {
    const start: MachineState = { ...INITIAL, state: "idle", since: 0, turnStart: null };
    const states = simulate(start, "screen", (t) => ({
      screen: t < 1000 ? { verdict: "idle", rule: "composer", region: "screen", cause: null, since: 0, at: t }
        : t < 2000 ? { verdict: "working", rule: "status-line", region: "screen", cause: null, since: 1000, at: t }
          : t < 9000 ? { verdict: "working", rule: "title-spinner", region: "title", cause: null, since: 2000, at: t }
            : { verdict: "idle", rule: "composer", region: "screen", cause: null, since: 9000, at: t },
    }), 30_000, false);
    assert.deepEqual(states, ["idle", "working", "waiting"]);
  });
  it("case 3: the trust dialog at start, accepted after 5 s: blocked, then idle, for good", () => {
    const start: MachineState = { ...INITIAL, state: "unknown", since: 0 };
    const states = simulate(start, null, (t) => ({
      hook: t >= 6000 ? { event: "SessionStart", at: 6000 } : null,
      screen: t < 5000 ? { verdict: "blocked", rule: "dialog", region: "screen", cause: "trust", since: 0, at: t } : { verdict: "idle", rule: "prompt", region: "screen", cause: null, since: 5000, at: t },
    }), 30_000);
    assert.deepEqual(states, ["unknown", "blocked", "idle"]);
  });
});
