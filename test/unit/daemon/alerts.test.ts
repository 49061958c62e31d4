import type { Ask } from "../../../src/core/ask.ts";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import { Alerts, ASK_WAIT_MS } from "../../../src/daemon/alerts.ts";
import type { Note, Notifier } from "../../../src/daemon/notifier.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { OptionScope } from "../../../src/tmux/options.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";
import { evalInChild, srcUrl } from "../../helpers/in-child.ts";

const NOW = 1_700_000_000_000;

/** Let the promises a timer or a call started run to their end. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
}

/** The few tmux calls the alerts make: pane options, the panes in view, a pane's formats. */
class FakeTmux {
  readonly options = new Map<string, string>();
  inView: string[] = [];
  readonly formats = new Map<string, string>();
  readonly unset: string[] = [];
  async getOption(scope: OptionScope, name: string): Promise<string> {
    return this.options.get(`${typeof scope === "object" && "pane" in scope ? scope.pane : ""} ${name}`) ?? "";
  }
  async unsetOption(scope: OptionScope, name: string): Promise<void> {
    const pane = typeof scope === "object" && "pane" in scope ? scope.pane : "";
    this.options.delete(`${pane} ${name}`);
    this.unset.push(`${pane} ${name}`);
  }
  async panesInView(): Promise<string[]> { return this.inView; }
  async query(target: string): Promise<string | null> { return this.formats.get(target) ?? null; }
}

function setup(sessions: Tracked[] = [], ask?: (t: Tracked) => Ask | null, identities?: () => Promise<void>) {
  const tmux = new FakeTmux();
  const sent: string[] = [];
  const notes: Note[] = [];
  const notifier = { notify: async (note: Note) => { sent.push(note.text); notes.push(note); } };
  const alerts = new Alerts(tmux as unknown as Tmux, notifier as unknown as Notifier, () => sessions, () => false, ask, identities);
  return { tmux, sent, notes, alerts };
}

function session(state: Tracked["machine"]["state"], pane = "%21"): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  const t = trackedFromPane({ ...fields, pane, backend: "claude", dir: "/home/u/my api", state });
  t.machine = { ...t.machine, since: NOW };
  t.cause = { why: "permission", detail: "rm -rf 'build #2'" };
  return t;
}

describe("alerts when a session needs the user", () => {
  // A snooze is read against the clock: the daemon's notion of now is NOW.
  beforeEach(() => mock.timers.enable({ apis: ["Date"], now: NOW }));
  afterEach(() => mock.timers.reset());

  it("a session that became blocked is told, with its name and cause", async () => {
    const { alerts, sent } = setup();
    await alerts.stateChanged(session("blocked"));
    assert.deepEqual(sent, ["my api asks permission: rm -rf 'build #2'"]);
  });

  it("a session renamed a moment ago is named by its new name: identities are read again first", async () => {
    const t = session("blocked");
    const { alerts, sent } = setup([t], undefined, async () => { t.record = { ...t.record, label: "deploy-bot" }; });
    await alerts.stateChanged(t);
    assert.deepEqual(sent, ["deploy-bot asks permission: rm -rf 'build #2'"]);
  });

  it("a snoozed session raises nothing, and its alert fires when a timed snooze ends", async () => {
    const { alerts, sent, tmux } = setup();
    const t = session("blocked");
    tmux.options.set("%21 @agentmux-snoozed", String(NOW + 60_000));
    await alerts.stateChanged(t);
    assert.deepEqual(sent, []);
    assert.equal(t.suppressed, true);
    await alerts.snoozesEnded([t], NOW + 30_000);
    assert.deepEqual(sent, [], "the snooze still runs");
    await alerts.snoozesEnded([t], NOW + 60_001);
    assert.deepEqual(sent, ["my api asks permission: rm -rf 'build #2'"]);
    assert.deepEqual(tmux.unset, ["%21 @agentmux-snoozed"]);
    await alerts.snoozesEnded([t], NOW + 90_000);
    assert.equal(sent.length, 1, "the held-back alert fires once");
  });

  it("an alert held back by a snooze is dropped when the session stopped needing the user", async () => {
    const { alerts, sent, tmux } = setup();
    const t = session("blocked");
    tmux.options.set("%21 @agentmux-snoozed", String(NOW + 60_000));
    await alerts.stateChanged(t);
    t.machine = { ...t.machine, state: "working" };
    await alerts.stateChanged(t);
    assert.equal(t.suppressed, false);
    await alerts.snoozesEnded([t], NOW + 60_001);
    assert.deepEqual(sent, []);
  });

  it("the pane the user looks at is not told", async () => {
    const { alerts, sent, tmux } = setup();
    tmux.inView = ["%21"];
    await alerts.stateChanged(session("waiting"));
    assert.deepEqual(sent, []);
  });

  it("a state already left when the alert would go out is not told", async () => {
    const { alerts, sent } = setup();
    const t = session("waiting");
    const made = t.machine;
    t.machine = { ...t.machine, state: "working", since: NOW + 10 };
    await alerts.stateChanged(t, made);
    assert.deepEqual(sent, []);
  });

  it("a failed command in a pane out of view names its window, command and status", async () => {
    const { alerts, sent, tmux } = setup();
    tmux.formats.set("%30", "dev:build #1");
    await alerts.commandFailed("%30", { command: "make test", status: 2 });
    tmux.inView = ["%30"];
    await alerts.commandFailed("%30", { command: "make lint", status: 1 });
    assert.deepEqual(sent, ["dev:build #1: make test failed (exit 2)"]);
  });

  it("a pattern watcher's match is told at once, the next 3 s of its pattern's matches in one more, never on the alternate screen", async () => {
    const { alerts, sent, tmux } = setup();
    const info = (alternate: string) => [alternate, "ERROR|panic", "", "dev:logs", "", "", ""].join("\x1f");
    tmux.formats.set("%31", info("0"));
    await alerts.watchMatched("%31", { line: "panic: 100% ‘boom’" }, NOW);
    await alerts.watchMatched("%31", { line: "panic again" }, NOW + 2999);
    await alerts.watchMatched("%31", { line: "ERROR again" }, NOW + 3000);
    tmux.formats.set("%31", info("1"));
    await alerts.watchMatched("%31", { line: "ERROR in vim" }, NOW + 9000);
    assert.deepEqual(sent, ["dev:logs matched /ERROR|panic/: panic: 100% ‘boom’", "dev:logs matched /ERROR|panic/ 1 more time, the last: panic again", "dev:logs matched /ERROR|panic/: ERROR again"]);
  });

  it("the echoed command line matches first; the output it was run for is told when the 3 s end, not swallowed", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const { alerts, sent, tmux } = setup();
    tmux.formats.set("%31", ["0", "BUILD FAILED", "", "dev:build", "", "", ""].join("\x1f"));
    await alerts.watchMatched("%31", { line: "$ make || echo BUILD FAILED" }, NOW);
    await alerts.watchMatched("%31", { line: "BUILD FAILED in a.c" }, NOW + 400);
    await alerts.watchMatched("%31", { line: "BUILD FAILED" }, NOW + 900);
    assert.deepEqual(sent, ["dev:build matched /BUILD FAILED/: $ make || echo BUILD FAILED"]);
    t.mock.timers.tick(3000);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(sent.slice(1), ["dev:build matched /BUILD FAILED/ 2 more times, the last: BUILD FAILED"]);
  });

  it("two sessions in one directory are told apart by the name list shows, with what the notification is about", async (c) => {
    c.mock.timers.enable({ apis: ["setTimeout"] });
    const a = session("waiting", "%13");
    const b = session("waiting", "%15");
    a.tokenHash = "ha";
    a.cause = { why: "finished", detail: "done with #3" };
    b.cause = undefined;
    const { alerts, sent, notes } = setup([a, b]);
    await alerts.stateChanged(a);
    await alerts.stateChanged(b);
    // b's would not say what: it waits for an Ask, and goes as it is when none comes.
    c.mock.timers.tick(ASK_WAIT_MS);
    await settle();
    assert.deepEqual(sent, ["my api:%13 finished: done with #3", "my api:%15 finished"]);
    assert.deepEqual(notes[0], { text: sent[0], pane: "%13", tokenHash: "ha", name: "my api:%13", backend: "claude", state: "waiting", reason: "finished" });
    assert.equal(notes[1]?.reason, "finished");
  });

  it("the Ask the daemon published (what the inbox shows) is the text, over the hook's words", async () => {
    const t = session("blocked");
    t.cause = { why: "permission", detail: "Tool Confirm Shell Command requires execution" };
    const ask: Ask = { kind: "permission", summary: "touch /tmp/z", text: ["touch /tmp/z"], options: ["Allow once", "No"], dialog: "", source: "hook", at: NOW };
    const { alerts, sent } = setup([t], () => ask);
    await alerts.stateChanged(t);
    assert.deepEqual(sent, ["my api asks permission: touch /tmp/z"]);
  });

  it("a state that came before what it is about waits for the Ask: told with its text once published, at once", async (c) => {
    c.mock.timers.enable({ apis: ["setTimeout"] });
    const t = session("blocked");
    t.cause = { why: "permission" };
    let ask: Ask | null = null;
    const { alerts, sent } = setup([t], () => ask);
    await alerts.stateChanged(t);
    assert.deepEqual(sent, [], "nothing yet: it would say only 'asks permission'");
    alerts.askChanged("%21"); // an Ask withdrawn or still silent changes nothing
    await settle();
    assert.deepEqual(sent, []);
    ask = { kind: "permission", summary: "bash: touch /tmp/m", text: ["bash: touch /tmp/m"], options: [], dialog: "", source: "hook", at: NOW };
    alerts.askChanged("%21");
    await settle();
    assert.deepEqual(sent, ["my api asks permission: bash: touch /tmp/m"]);
    c.mock.timers.tick(ASK_WAIT_MS);
    await settle();
    assert.equal(sent.length, 1, "told once");
  });

  it("a dialog read from the screen of a session with hooks waits for the hook's words; without hooks it is told at once", async (c) => {
    c.mock.timers.enable({ apis: ["setTimeout"] });
    const screen: Ask = { kind: "permission", summary: "Do you want to proceed?", text: ["Do you want to proceed?"], options: ["1. Yes", "2. No"], dialog: "d1", source: "screen", at: NOW };
    const hooked = session("blocked");
    hooked.machine = { ...hooked.machine, hooked: true };
    hooked.cause = { why: "permission" };
    let ask: Ask = screen;
    const { alerts, sent } = setup([hooked], () => ask);
    await alerts.stateChanged(hooked);
    assert.deepEqual(sent, [], "the screen's asking line only: the hook's payload names the command");
    ask = { ...screen, summary: "Bash: git push --force-with-lease", text: ["Bash: git push --force-with-lease"], source: "hook" };
    alerts.askChanged("%21");
    await settle();
    assert.deepEqual(sent, ["my api asks permission: Bash: git push --force-with-lease"]);
    // No hook comes: the screen's words go when the wait ends.
    const late = session("blocked", "%22");
    late.machine = { ...late.machine, hooked: true };
    late.cause = { why: "permission" };
    const second = setup([late], () => screen);
    await second.alerts.stateChanged(late);
    assert.deepEqual(second.sent, []);
    c.mock.timers.tick(ASK_WAIT_MS);
    await settle();
    assert.deepEqual(second.sent, ["my api asks permission: Do you want to proceed?"]);
    // Without hooks the screen is the only word: at once.
    const plain = session("blocked", "%23");
    plain.cause = { why: "permission" };
    const third = setup([plain], () => screen);
    await third.alerts.stateChanged(plain);
    assert.deepEqual(third.sent, ["my api asks permission: Do you want to proceed?"]);
  });

  it("a waiting notification is dropped when its episode ended meanwhile", async (c) => {
    c.mock.timers.enable({ apis: ["setTimeout"] });
    const t = session("waiting");
    t.cause = { why: "finished" };
    const { alerts, sent } = setup([t]);
    await alerts.stateChanged(t);
    t.machine = { ...t.machine, state: "working", since: NOW + 5 };
    c.mock.timers.tick(ASK_WAIT_MS);
    await settle();
    assert.deepEqual(sent, []);
  });

  it("a watcher's match on a session names it as list does (not by its directory alone)", async () => {
    const a = session("working", "%13");
    const b = session("working", "%15");
    const { alerts, sent, notes, tmux } = setup([a, b]);
    tmux.formats.set("%15", ["0", "ERR", "", "dev:1", "", "/home/u/my api", ""].join("\x1f"));
    await alerts.watchMatched("%15", { line: "ERR 100%" }, NOW);
    assert.deepEqual(sent, ["my api:%15 matched /ERR/: ERR 100%"]);
    assert.equal(notes[0]?.reason, "watch");
    assert.equal(notes[0]?.state, "working");
  });
});

describe("which watch pattern matched", () => {
  it("a pattern a backtracking engine takes exponential time on is tried in linear time: the next one is named", () => {
    // In a child with a timeout: the daemon read watch patterns as JavaScript regexes, and (\\w|\\d)+$ on
    // 40 digits and a ! stalled it (daemon status timed out).
    const sent = evalInChild<string[]>(`
      const { Alerts } = await import(${JSON.stringify(srcUrl("daemon/alerts.ts"))});
      const info = ["0", "!$", "", "dev:logs", "", "", ""].join("\\x1f");
      const tmux = {
        getOption: async (_scope, name) => (name === "@agentmux-watch-project" ? "(\\\\w|\\\\d)+$" : ""),
        query: async () => info,
      };
      const sent = [];
      const alerts = new Alerts(tmux, { notify: async (note) => { sent.push(note.text); } }, () => [], () => false);
      await alerts.watchMatched("%31", { line: "1".repeat(40) + "!" }, ${NOW});
      process.stdout.write(JSON.stringify(sent));`, 30_000);
    assert.deepEqual(sent, [`dev:logs matched /!$/: ${"1".repeat(40)}!`]);
  });
});
