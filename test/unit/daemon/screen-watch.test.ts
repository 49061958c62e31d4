import { afterEach, beforeEach, describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import { ScreenWatch, SCREEN_TICK_MS, type ScreenSighting } from "../../../src/daemon/screen-watch.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import type { Manifest, Rule } from "../../../src/detect/types.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const NOW = 1_700_000_000_000;
const SEP = "\x1f";

const rule = (name: string, state: Rule["state"], priority: number, text: string, cause: string | null = null): Rule =>
  ({ name, state, priority, region: { kind: "screen" }, matcher: { kind: "contains", text }, cause });

/** A small agent: a spinner line, a permission dialog, a prompt. */
const MANIFEST: Manifest = {
  name: "toy", description: "", file: "toy.yml", builtin: false, match: { commands: [], processes: [], titles: [] }, promptBox: null, layout: { boxRule: null, inputUnderRule: null, dialogTop: null, statusLines: null, turnStart: null, turnEnd: null }, alternateScreen: false, dialog: null,
  rules: [rule("allow", "blocked", 30, "Do you want to proceed?", "permission"), rule("spinner", "working", 20, "esc to interrupt"), rule("prompt", "idle", 10, "❯")],
};

/** One pane's list-panes fields and what a capture shows. */
interface PaneView { cursor: string; activity: number; alternate?: boolean; title?: string; screen: string }

class FakeTmux {
  readonly panes = new Map<string, PaneView>();
  readonly captured: string[] = [];
  /** Runs while a capture is under way (the state may change meanwhile). */
  onCapture: (() => void) | undefined;
  /** Honour list-panes' filter as tmux does (`#{e|>=:#{window_activity},N}`), or refuse it (an older tmux); each listing's filter kept. */
  filters: "ignored" | "honoured" | "refused" = "ignored";
  readonly asked: Array<string | undefined> = [];
  async paneLines(_format: string, filter?: string): Promise<string[]> {
    this.asked.push(filter);
    if (filter !== undefined && this.filters === "refused") throw new Error("tmux list-panes failed: bad filter");
    const floor = filter !== undefined && this.filters === "honoured" ? Number(/,(-?\d+)\}$/.exec(filter)?.[1]) : -Infinity;
    return [...this.panes].filter(([, v]) => Math.floor(v.activity) >= floor)
      .map(([pane, v]) => [pane, String(Math.floor(v.activity)), v.cursor, "100", v.alternate ? "1" : "0", v.title ?? "✳ toy", "node"].join(SEP));
  }
  async tryCapture(pane: string): Promise<string | null> {
    this.captured.push(pane);
    this.onCapture?.();
    return this.panes.get(pane)?.screen ?? null;
  }
}

function session(pane: string, state: Tracked["machine"]["state"] = "working"): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  const t = trackedFromPane({ ...fields, pane, backend: "toy", dir: "/home/u/a b", state });
  t.machine = { ...t.machine, since: NOW - 60_000 };
  return t;
}

function setup(...sessions: Tracked[]) {
  const tmux = new FakeTmux();
  const said: Array<[string, ScreenSighting]> = [];
  const watch = new ScreenWatch(tmux as unknown as Tmux, (t) => (t.backend === "toy" ? MANIFEST : null), async (t, s) => { said.push([t.pane, s]); });
  const tracked = new Map(sessions.map((t) => [t.pane, t]));
  /** A tick at NOW + ms, the clock there too (a look is dated by the clock). */
  const tickAt = async (ms: number) => { mock.timers.setTime(NOW + ms); return watch.tick(tracked, NOW + ms); };
  return { tmux, said, watch, tracked, tickAt };
}

const quiet = 0; // window_activity long ago (seconds)
const active = (ms: number) => (NOW + ms) / 1000;

describe("the screen watch", () => {
  beforeEach(() => mock.timers.enable({ apis: ["Date"], now: NOW }));
  afterEach(() => mock.timers.reset());

  it("a pane is captured when it changed, and not again while it stays quiet and unchanged", async () => {
    const { tmux, said, tickAt } = setup(session("%21"));
    tmux.panes.set("%21", { cursor: "2,40", activity: quiet, screen: "✻ Working… (esc to interrupt)" });
    assert.equal(await tickAt(0), 1);
    assert.equal(await tickAt(SCREEN_TICK_MS), 0);
    assert.equal(await tickAt(5 * SCREEN_TICK_MS), 0);
    assert.deepEqual(said.map(([pane, s]) => [pane, s.verdict, s.rule, s.region, s.since, s.at]), [["%21", "working", "spinner", "screen", NOW, NOW]]);
  });

  it("a pane that changes is captured at most every tick interval, the change not lost", async () => {
    const { tmux, tickAt } = setup(session("%21"));
    tmux.panes.set("%21", { cursor: "2,40", activity: quiet, screen: "✻ Working… (esc to interrupt)" });
    await tickAt(0);
    tmux.panes.set("%21", { cursor: "3,0", activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
    assert.equal(await tickAt(100), 0);
    assert.equal(await tickAt(SCREEN_TICK_MS), 1);
  });

  it("a verdict unchanged keeps the since of its first look; a new verdict is dated by its look, with the rule's cause", async () => {
    const { tmux, said, tickAt } = setup(session("%21"));
    tmux.panes.set("%21", { cursor: "2,40", activity: quiet, screen: "✻ Working… (esc to interrupt)" });
    await tickAt(0);
    tmux.panes.set("%21", { cursor: "2,41", activity: quiet, screen: "✻ Working… (esc to interrupt) 12s" });
    await tickAt(600);
    tmux.panes.set("%21", { cursor: "3,0", activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
    await tickAt(1600); // a steady verdict was looked at again after twice the interval
    assert.deepEqual(said.map(([, s]) => [s.verdict, s.since, s.at, s.cause]), [
      ["working", NOW, NOW, null], ["working", NOW, NOW + 600, null], ["blocked", NOW + 1600, NOW + 1600, "permission"],
    ]);
  });

  it("output that never stops backs off to one look every two seconds while the verdict stays the same", async () => {
    const { tmux, tickAt } = setup(session("%21"));
    const looks: number[] = [];
    for (let ms = 0; ms <= 6000; ms += SCREEN_TICK_MS) {
      tmux.panes.set("%21", { cursor: `2,${ms}`, activity: active(ms), screen: "✻ Working… (esc to interrupt)" });
      if (await tickAt(ms)) looks.push(ms);
    }
    assert.deepEqual(looks, [0, 500, 1500, 3500, 5500]);
  });

  it("output that stops is looked at on the first quiet tick, not when the back-off ends; then left alone", async () => {
    const { tmux, said, tickAt } = setup(session("%21"));
    const looks: number[] = [];
    for (let ms = 0; ms <= 4000; ms += SCREEN_TICK_MS) {
      tmux.panes.set("%21", { cursor: `2,${ms}`, activity: active(ms), screen: "✻ Working… (esc to interrupt)" });
      if (await tickAt(ms)) looks.push(ms);
    }
    assert.deepEqual(looks, [0, 500, 1500, 3500]);
    // The dialog drawn with the last output (a move, within the back-off); the next tick sees
    // nothing move, and looks then, not at 5500 when the back-off ends.
    tmux.panes.set("%21", { cursor: "3,0", activity: active(4200), screen: "Do you want to proceed?\n❯ 1. Yes" });
    assert.equal(await tickAt(4500), 0, "still moving, backed off");
    assert.equal(await tickAt(5000), 1, "the first tick nothing moved on");
    assert.equal(said.at(-1)?.[1].verdict, "blocked");
    await tickAt(5500);
    await tickAt(6000);
    // (Looked at while its window was active in the last 2 s, as any pane.)
    for (const ms of [7000, 9000]) assert.equal(await tickAt(ms), 0, `nothing moved since: no look at ${ms}`);
  });

  it("look() captures the pane at the next tick although nothing changed", async () => {
    const { tmux, watch, tickAt } = setup(session("%21"));
    tmux.panes.set("%21", { cursor: "2,40", activity: quiet, screen: "❯ " });
    await tickAt(0);
    watch.look("%21");
    assert.equal(await tickAt(100), 1);
  });

  it("exited sessions, untracked panes and panes without a manifest are never captured", async () => {
    const other = session("%23");
    other.backend = "plain";
    const { tmux, tickAt } = setup(session("%21", "exited"), other);
    for (const pane of ["%21", "%22", "%23"]) tmux.panes.set(pane, { cursor: "0,0", activity: quiet, screen: "❯ " });
    assert.equal(await tickAt(0), 0);
    assert.deepEqual(tmux.captured, []);
  });

  it("a full-screen program on the alternate screen gives no verdict", async () => {
    const { tmux, said, tickAt } = setup(session("%21"));
    tmux.panes.set("%21", { cursor: "0,0", activity: quiet, alternate: true, screen: "esc to interrupt (in vim)" });
    assert.equal(await tickAt(0), 1);
    assert.deepEqual(said, []);
  });

  it("a dialog still on screen a second after a state change made without it is news from that look", async () => {
    const t = session("%21");
    const { tmux, said, tickAt } = setup(t);
    tmux.panes.set("%21", { cursor: "3,0", activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
    // The look begun at NOW is under way as the state changes (the screen ended a hook's blocker
    // just before the dialog was drawn): its sighting reaches the table after the change.
    tmux.onCapture = () => { t.machine = { ...t.machine, state: "working", since: NOW + 100 }; mock.timers.setTime(NOW + 200); };
    await tickAt(0);
    tmux.onCapture = undefined;
    tmux.panes.set("%21", { cursor: "3,1", activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
    await tickAt(600);
    tmux.panes.set("%21", { cursor: "3,2", activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
    await tickAt(1600);
    assert.deepEqual(said.map(([, s]) => s.since), [NOW, NOW, NOW + 1600], "half a second after the change it is the old sighting; a second after, news");
  });

  it("a dialog the table knew when a hook said it was answered stays the old drawing while the agent is slow to redraw", async () => {
    const t = session("%21", "blocked");
    const { tmux, said, tickAt } = setup(t);
    tmux.panes.set("%21", { cursor: "3,0", activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
    await tickAt(0);
    t.machine = { ...t.machine, state: "working", since: NOW + 100 };
    for (const [i, ms] of [600, 1600, 3600].entries()) {
      tmux.panes.set("%21", { cursor: `3,${i + 1}`, activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
      await tickAt(ms);
    }
    assert.deepEqual(said.map(([, s]) => s.since), [NOW, NOW, NOW, NOW], "seen before the hook's change: never news again");
    // A new drawing (another dialog after something else) is news as always.
    tmux.panes.set("%21", { cursor: "3,9", activity: quiet, screen: "esc to interrupt" });
    await tickAt(5000);
    await tickAt(5500);
    tmux.panes.set("%21", { cursor: "3,10", activity: quiet, screen: "Do you want to proceed?\n❯ 1. Yes" });
    await tickAt(7000);
    assert.equal(said.at(-1)?.[1].since, NOW + 7000);
  });

  it("a forgotten pane is looked at afresh", async () => {
    const { tmux, said, watch, tickAt } = setup(session("%21"));
    tmux.panes.set("%21", { cursor: "2,40", activity: quiet, screen: "❯ " });
    await tickAt(0);
    watch.forget("%21");
    assert.equal(watch.sightings.has("%21"), false);
    assert.equal(await tickAt(SCREEN_TICK_MS), 1);
    assert.equal(said.at(-1)?.[1].since, NOW + SCREEN_TICK_MS);
  });

  it("only panes whose window saw output since the last listing are asked of tmux; the others keep their last line", async () => {
    const { tmux, said, tracked, tickAt } = setup(session("%21"), session("%22", "idle"));
    tmux.filters = "honoured";
    tmux.panes.set("%21", { cursor: "2,40", activity: active(0), screen: "✻ Working… (esc to interrupt)" });
    tmux.panes.set("%22", { cursor: "5,2", activity: quiet, screen: "❯" });
    assert.equal(await tickAt(0), 2);
    assert.equal(tmux.asked[0], undefined, "the first listing is every pane's");
    // %21 prints on; %22 stays quiet and is not listed, yet still known (no capture, no news).
    tmux.panes.set("%21", { cursor: "3,40", activity: active(SCREEN_TICK_MS), screen: "✻ Working… (esc to interrupt)\nmore" });
    await tickAt(SCREEN_TICK_MS);
    assert.equal(tmux.asked[1], `#{e|>=:#{window_activity},${Math.floor(NOW / 1000) - 1}}`);
    // %21 stops printing: the drawing it left is looked at, though tmux no longer lists it.
    tmux.panes.set("%21", { cursor: "3,0", activity: active(SCREEN_TICK_MS), screen: "Do you want to proceed?" });
    for (let ms = 2 * SCREEN_TICK_MS; ms <= 10 * SCREEN_TICK_MS; ms += SCREEN_TICK_MS) await tickAt(ms);
    assert.equal(said.filter(([p]) => p === "%22").length, 1, "the quiet pane was looked at once");
    assert.deepEqual(said.filter(([p]) => p === "%21").at(-1)?.[1].verdict, "blocked");
    assert.ok(tmux.asked.slice(1).every((f) => f !== undefined), "filtered from then on");
    // A new session: every pane is listed again, once.
    tracked.set("%23", session("%23", "idle"));
    tmux.panes.set("%23", { cursor: "1,1", activity: quiet, screen: "❯" });
    const before = tmux.asked.length;
    await tickAt(11 * SCREEN_TICK_MS);
    await tickAt(12 * SCREEN_TICK_MS);
    assert.deepEqual(tmux.asked.slice(before).map((f) => f === undefined), [true, false]);
    assert.ok(said.some(([p]) => p === "%23"));
  });

  it("a tmux that refuses the filter has every pane listed at every tick", async () => {
    const { tmux, said, tickAt } = setup(session("%21"));
    tmux.filters = "refused";
    tmux.panes.set("%21", { cursor: "2,40", activity: quiet, screen: "✻ Working… (esc to interrupt)" });
    await tickAt(0);
    tmux.panes.set("%21", { cursor: "3,0", activity: quiet, screen: "Do you want to proceed?" });
    await tickAt(SCREEN_TICK_MS);
    await tickAt(2 * SCREEN_TICK_MS);
    assert.deepEqual(tmux.asked, [undefined, `#{e|>=:#{window_activity},${Math.floor(NOW / 1000) - 1}}`, undefined, undefined]);
    assert.equal(said.at(-1)?.[1].verdict, "blocked");
  });
});
