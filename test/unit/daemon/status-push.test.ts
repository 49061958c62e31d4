import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { StatusPush } from "../../../src/daemon/status-push.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { OptionScope } from "../../../src/tmux/options.ts";
import type { Format } from "../../../src/tmux/safe-text.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const NOW = 1_700_000_000_000;

/** Records the options written and the status-line refreshes; answers @agentmux-status-keys. */
class FakeTmux {
  readonly writes: string[] = [];
  refreshes = 0;
  statusKeys = "";
  async setFormatOption(scope: OptionScope, option: string, value: Format): Promise<void> {
    const where = scope === "global" ? "g" : "pane" in scope ? scope.pane : scope.window;
    this.writes.push(`${where} ${option}=${value}`);
  }
  async getOption(_scope: OptionScope, name: string): Promise<string> { return name === "@agentmux-status-keys" ? this.statusKeys : ""; }
  async refreshStatusLines(): Promise<void> { this.refreshes++; }
}

function session(pane: string, window: string, state: Tracked["machine"]["state"], values: Partial<PaneRecord> = {}): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  const t = trackedFromPane({ ...fields, pane, window, backend: "claude", dir: `/home/u/proj ${pane.slice(1)}`, state, ...values });
  return t;
}

function setup(...sessions: Tracked[]) {
  const tmux = new FakeTmux();
  const push = new StatusPush(tmux as unknown as Tmux);
  return { tmux, push, tracked: new Map(sessions.map((t) => [t.pane, t])) };
}

describe("what the daemon pushes into tmux", () => {
  it("each window gets its most urgent state, each live pane a border, the server the segment", async () => {
    const { tmux, push, tracked } = setup(session("%11", "@3", "working"), session("%12", "@3", "blocked"), session("%13", "@4", "exited"));
    await push.render(tracked, NOW);
    assert.deepEqual(tmux.writes.filter((w) => w.includes("window-state")), ["@3 @agentmux-window-state=blocked", "@4 @agentmux-window-state="]);
    assert.deepEqual(tmux.writes.filter((w) => w.includes("@agentmux-border")).map((w) => w.split(" ")[0]), ["%11", "%12"]);
    const segment = tmux.writes.find((w) => w.startsWith("g @agentmux-status="));
    assert.match(segment ?? "", /⚠1.*◐1/);
    assert.equal(tmux.refreshes, 1);
  });

  it("a render with nothing changed writes nothing and redraws no status line", async () => {
    const { tmux, push, tracked } = setup(session("%11", "@3", "waiting"));
    await push.render(tracked, NOW);
    const first = tmux.writes.length;
    await push.render(tracked, NOW + 500);
    assert.equal(tmux.writes.length, first);
    assert.equal(tmux.refreshes, 1);
  });

  it("only what changed is written again", async () => {
    const t = session("%11", "@3", "waiting");
    const { tmux, push, tracked } = setup(t, session("%12", "@4", "idle"));
    await push.render(tracked, NOW);
    tmux.writes.length = 0;
    t.machine = { ...t.machine, state: "blocked" };
    await push.render(tracked, NOW + 500);
    assert.deepEqual(tmux.writes.map((w) => w.split("=")[0]), ["@3 @agentmux-window-state", "g @agentmux-status"]);
    assert.equal(tmux.refreshes, 2);
  });

  it("a border is made again when its session's record, name or turn time changes, and only then", async () => {
    const t = session("%11", "@3", "idle", { model: "opus" });
    const w = session("%12", "@4", "working");
    w.machine = { ...w.machine, turnStart: NOW - 5000 };
    const { tmux, push, tracked } = setup(t, w);
    const borders = () => tmux.writes.filter((x) => x.includes("@agentmux-border"));
    await push.render(tracked, NOW);
    tmux.writes.length = 0;
    await push.render(tracked, NOW + 2000);
    assert.deepEqual(borders().map((x) => x.split(" ")[0]), ["%12"], "the working one's turn time moved; the idle one is as it was");
    assert.match(borders()[0] ?? "", /⏱ 7s/);
    tmux.writes.length = 0;
    t.record = Object.freeze({ ...t.record, model: "sonnet" });
    await push.render(tracked, NOW + 2000);
    assert.deepEqual(borders().map((x) => x.split(" ")[0]), ["%11"]);
    assert.match(borders()[0] ?? "", /sonnet/);
    tmux.writes.length = 0;
    t.record = Object.freeze({ ...t.record, label: "the renamed one" });
    await push.render(tracked, NOW + 2000);
    assert.match(borders()[0] ?? "", /the renamed one/);
    tmux.writes.length = 0;
    tracked.set("%13", session("%13", "@5", "idle", { dir: "/home/u/proj 11" }));
    await push.render(tracked, NOW + 2000);
    assert.deepEqual(borders().map((x) => x.split(" ")[0]), ["%13"], "a new session with a name of its own; the others' names unchanged");
  });

  it("the switcher keys of sessions needing the user follow the counts, the option read at most every 3 s", async () => {
    const { tmux, push, tracked } = setup(session("%11", "@3", "waiting", { switchKey: "s" }), session("%12", "@3", "blocked", { switchKey: "a" }), session("%13", "@3", "working", { switchKey: "d" }));
    await push.render(tracked, NOW);
    tmux.statusKeys = "on";
    await push.render(tracked, NOW + 2999);
    assert.doesNotMatch(tmux.writes.filter((w) => w.startsWith("g ")).join("\n"), /\[a s\]/);
    await push.render(tracked, NOW + 3000);
    assert.match(tmux.writes.at(-1) ?? "", /^g @agentmux-status=.*\[a s\]/);
  });

  it("a snoozed session is not counted in the segment nor listed in its keys; a snooze that ended counts again", async () => {
    const { tmux, push, tracked } = setup(
      session("%11", "@3", "blocked", { switchKey: "a", snoozed: "1" }),
      session("%12", "@3", "waiting", { switchKey: "s", snoozed: String(NOW + 60_000) }),
      session("%13", "@3", "working", { snoozed: "1" }),
      session("%14", "@3", "waiting", { switchKey: "d", snoozed: String(NOW - 1) }),
    );
    tmux.statusKeys = "on";
    await push.render(tracked, NOW);
    assert.equal(tmux.writes.find((w) => w.startsWith("g @agentmux-status=")), "g @agentmux-status=#[fg=yellow]●1#[default] [d]");
  });

  it("waiting with background work shows as ◍, apart from waiting", async () => {
    const t = session("%11", "@3", "waiting");
    t.machine = { ...t.machine, background: true };
    const { tmux, push, tracked } = setup(t, session("%12", "@3", "waiting"));
    await push.render(tracked, NOW);
    assert.match(tmux.writes.find((w) => w.startsWith("g @agentmux-status=")) ?? "", /●1.*◍1/);
  });

  it("the selected accounts' quota is shown after the counts when display.quota asks", async () => {
    const { tmux, push, tracked } = setup(session("%11", "@3", "working"));
    push.quota = () => [{ backend: "claude", account: "work #2", quota: { remaining: 8, limited: false, stale: false } }];
    await push.render(tracked, NOW);
    assert.match(tmux.writes.find((w) => w.startsWith("g ")) ?? "", /◐1.* #\[fg=red\]claude:work ##2 /);
  });
});
