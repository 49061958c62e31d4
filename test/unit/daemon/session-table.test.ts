import { afterEach, beforeEach, describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import { DIALOG_GONE_MS, DIALOG_UNSEEN_MS, SCREEN_SETTLE_MS, SETTLED_MS, STALE_TURN_MS } from "../../../src/core/decide.ts";
import type { ScreenWord } from "../../../src/core/evidence.ts";
import { SessionTable, type Change } from "../../../src/daemon/session-table.ts";
import type { SpooledEvent } from "../../../src/daemon/spool.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";

const NOW = 1_700_000_000_000;

function session(state: string, pane = "%42"): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  return trackedFromPane({ ...fields, pane, backend: "claude", dir: "/home/a b/proj #1", state, stateSince: String(NOW - 60_000) });
}

function hookEvent(t: Tracked, event: string, at: number, payload: Record<string, unknown> = {}): SpooledEvent {
  return { file: `${t.pane}.1.${event}.evt`, event, pane: t.pane, token: "", global: false, agent: "claude", at, pid: 1, payload };
}

function screenWord(verdict: ScreenWord["verdict"], since: number, cause: string | null = null): ScreenWord {
  return { verdict, rule: `${verdict}-rule`, region: "screen", cause, since, at: Date.now() };
}

/** A table whose sessions have hooks once one was delivered (as the daemon's), recording changes and log lines. */
function table() {
  const lines: string[] = [];
  const changes: Change[] = [];
  const st = new SessionTable((line) => lines.push(line), (t) => t.machine.hooked === true);
  st.subscribe((c) => { changes.push({ ...c, applied: { ...c.applied } }); });
  return { st, lines, changes, moves: () => changes.filter((c) => c.applied.stateChanged).map((c) => `${c.channel}:${c.rule}`) };
}

describe("the session table", () => {
  beforeEach(() => mock.timers.enable({ apis: ["Date"], now: NOW }));
  afterEach(() => mock.timers.reset());

  it("a hook's blocker holds while the screen shows a free prompt for less than the settle time, then ends as waiting", async () => {
    const { st, moves } = table();
    const t = session("idle");
    st.tracked.set(t.pane, t);
    await st.hook(t, hookEvent(t, "UserPromptSubmit", NOW - 10_000, { prompt_id: "p-1" }));
    await st.hook(t, hookEvent(t, "PermissionRequest", NOW, { tool_name: "Bash" }));
    assert.equal(t.machine.state, "blocked");
    mock.timers.tick(100);
    await st.screen(t, screenWord("idle", Date.now()));
    mock.timers.tick(DIALOG_UNSEEN_MS - 200);
    await st.tick();
    assert.equal(t.machine.state, "blocked", "the dialog the hook announced may be drawn late");
    mock.timers.tick(200);
    await st.tick();
    assert.equal(t.machine.state, "waiting");
    assert.deepEqual(moves(), ["hook:hook UserPromptSubmit", "hook:hook PermissionRequest", "screen:blocker-gone"]);
    assert.equal(t.decided?.rule, "blocker-gone");
    assert.equal(t.decided?.from, "blocked");
  });

  it("tick leaves alone a session whose every word is older than the settle times (weighed once past them); new evidence weighs it again", async () => {
    const { st } = table();
    const t = session("idle");
    st.tracked.set(t.pane, t);
    const weighed = mock.method(st, "verdict");
    // A turn begun through agentmux whose screen never changed: only the stale-turn rule ends it, by time alone.
    await st.input(t, "submit", NOW);
    await st.screen(t, screenWord("idle", NOW - 60_000));
    assert.equal(t.machine.state, "working");
    mock.timers.tick(STALE_TURN_MS + 1);
    await st.tick();
    assert.equal(t.machine.state, "waiting", "time alone still ends a stale turn");
    mock.timers.tick(SETTLED_MS + 1);
    await st.tick();
    const calls = weighed.mock.callCount();
    for (let i = 0; i < 10; i++) { mock.timers.tick(500); await st.tick(); }
    assert.equal(weighed.mock.callCount(), calls, "settled: not weighed each tick");
    await st.screen(t, screenWord("working", Date.now()));
    assert.equal(weighed.mock.callCount(), calls + 1, "a new word is weighed at once");
    mock.timers.tick(500);
    await st.tick();
    assert.equal(weighed.mock.callCount(), calls + 2, "and by the ticks until it settles");
  });

  it("a hook's blocker whose dialog the screen saw drawn ends once the free prompt held the shorter settle time", async () => {
    const { st } = table();
    const t = session("idle");
    st.tracked.set(t.pane, t);
    await st.hook(t, hookEvent(t, "UserPromptSubmit", NOW - 10_000));
    await st.hook(t, hookEvent(t, "PermissionRequest", NOW, { tool_name: "Bash" }));
    mock.timers.tick(200);
    await st.screen(t, screenWord("blocked", Date.now(), "permission"));
    assert.equal(t.dialogSeenAt, NOW + 200);
    mock.timers.tick(800);
    await st.screen(t, screenWord("idle", Date.now()));
    mock.timers.tick(DIALOG_GONE_MS - 1);
    await st.tick();
    assert.equal(t.machine.state, "blocked");
    mock.timers.tick(1);
    await st.tick();
    assert.equal(t.machine.state, "waiting", "well before the 5 s a dialog never seen would need");
  });

  it("a prompt submitted through agentmux begins a turn for a session at its prompt", async () => {
    const { st, changes } = table();
    const t = session("idle");
    await st.input(t, "submit", NOW);
    assert.equal(t.machine.state, "working");
    assert.equal(t.machine.turnStart, NOW);
    assert.equal(t.machine.statusStale, true);
    assert.equal(changes.length, 1);
    assert.equal(changes[0]?.channel, "input");
    assert.equal(changes[0]?.rule, "input-submit");
    assert.equal(t.raisedBy, "input");
  });

  it("a submit whose turn the hooks already began only marks the published status stale", async () => {
    const { st, changes } = table();
    const t = session("idle");
    await st.hook(t, hookEvent(t, "PreToolUse", NOW + 50));
    assert.equal(t.machine.statusStale, false);
    changes.length = 0;
    await st.input(t, "submit", NOW);
    assert.equal(t.machine.state, "working");
    assert.equal(t.machine.turnStart, NOW + 50, "the turn stays the hook's");
    assert.equal(t.machine.statusStale, true);
    assert.deepEqual(changes.map((c) => [c.rule, c.applied.stateChanged]), [["input-submit", false]]);
  });

  it("a state change reaches every subscriber once, with the channel and rule that made it", async () => {
    const { st, changes, lines } = table();
    const second: Change[] = [];
    st.subscribe((c) => { second.push(c); });
    const t = session("unknown");
    st.tracked.set(t.pane, t);
    await st.screen(t, screenWord("idle", NOW));
    await st.screen(t, screenWord("idle", NOW));
    await st.tick();
    assert.equal(t.machine.state, "idle");
    assert.deepEqual(changes.map((c) => [c.channel, c.rule, c.applied.stateChanged]), [["screen", "first-sight", true]]);
    assert.equal(second.length, 1);
    assert.deepEqual(lines, ["%42: unknown → idle by first-sight: the screen shows the prompt"]);
  });

  it("the same move by the same rule is logged once per pane, every time to the subscribers", async () => {
    const { st, lines, moves } = table();
    const t = session("idle");
    st.tracked.set(t.pane, t);
    for (let turn = 0; turn < 2; turn++) {
      await st.hook(t, hookEvent(t, "UserPromptSubmit", Date.now()));
      mock.timers.tick(100);
      await st.screen(t, screenWord("idle", Date.now()));
      mock.timers.tick(SCREEN_SETTLE_MS);
      await st.tick();
      assert.equal(t.machine.state, "waiting");
    }
    assert.deepEqual(moves().filter((m) => m === "screen:turn-ended-on-screen").length, 2);
    assert.equal(lines.filter((l) => l.includes("by turn-ended-on-screen")).length, 1);
  });

  it("exited is final: hooks, screen and input change nothing after it", async () => {
    const { st, changes } = table();
    const t = session("working");
    st.tracked.set(t.pane, t);
    await st.machine(t, { kind: "exited", at: NOW }, "process", "process-exited", "the pane's process ended");
    assert.equal(t.machine.state, "exited");
    assert.deepEqual(changes.map((c) => [c.channel, c.rule]), [["process", "process-exited"]]);
    mock.timers.tick(10_000);
    await st.hook(t, hookEvent(t, "UserPromptSubmit", Date.now()));
    await st.screen(t, screenWord("working", Date.now() - SCREEN_SETTLE_MS));
    await st.input(t, "submit", Date.now());
    await st.tick();
    assert.equal(t.machine.state, "exited");
    assert.equal(changes.filter((c) => c.applied.stateChanged).length, 1);
    assert.equal(t.machine.hooked, undefined, "an exited session does not come to have hooks");
  });

  it("the first hook event gives the session hooks, even one that means nothing for the state", async () => {
    const { st, changes } = table();
    const t = session("idle");
    await st.hook(t, hookEvent(t, "Notification", NOW, { notification_type: "auth_success" }));
    assert.equal(t.machine.state, "idle");
    assert.equal(t.machine.hooked, true);
    assert.deepEqual(changes.map((c) => [c.rule, c.applied.changed, c.applied.stateChanged]), [["hook Notification", true, false]]);
    assert.deepEqual(t.channels.hook, { event: "Notification", at: NOW });
  });

  it("a dialog the screen raises names its cause as the notification words it", async () => {
    const rows: Array<[string, Tracked["cause"]]> = [
      ["trust", { why: "trust" }],
      ["question", { why: "question" }],
      ["login — 100% ‘quota’", { why: "declared", detail: "login — 100% ‘quota’" }],
    ];
    for (const [cause, expected] of rows) {
      const { st } = table();
      const t = session("working");
      await st.screen(t, screenWord("blocked", NOW, cause));
      assert.equal(t.machine.state, "blocked", cause);
      assert.equal(t.raisedBy, "screen");
      assert.deepEqual(t.cause, expected, cause);
    }
  });

  it("a live report begun before the one held, saying otherwise, is ignored; the same word keeps its first since", async () => {
    const { st } = table();
    const t = session("working");
    await st.hook(t, hookEvent(t, "PreToolUse", NOW - 60_000));
    await st.live(t, { status: "busy", source: "sessions file", at: NOW - 1000 });
    await st.live(t, { status: "busy", source: "claude agents", at: NOW });
    assert.equal(t.channels.live?.since, NOW - 1000);
    assert.equal(t.channels.live?.source, "claude agents");
    await st.live(t, { status: "idle", source: "claude agents", at: NOW - 500 });
    assert.equal(t.channels.live?.status, "busy");
    assert.equal(t.machine.state, "working");
  });

  it("a published status is current again through the table: one change for the reactions, none when it was not stale", async () => {
    const { st, changes } = table();
    const t = session("working");
    await st.input(t, "submit", NOW);
    assert.equal(t.machine.statusStale, true);
    changes.length = 0;
    await st.published(t);
    assert.equal(t.machine.statusStale, false);
    assert.equal(t.machine.state, "working");
    assert.deepEqual(changes.map((c) => [c.channel, c.rule, c.applied.changed, c.applied.stateChanged]), [["process", "published", true, false]]);
    await st.published(t);
    assert.equal(changes.length, 1, "nothing to change");
  });
});
