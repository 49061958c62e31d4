import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UsageReading } from "../../../src/backends/shared/usage-http.ts";
import type { UsageRecord } from "../../../src/accounts/usage-store.ts";
import { parseConfig, type Config } from "../../../src/config/config.ts";
import { Failover } from "../../../src/daemon/restart-on-limit.ts";
import type { RestartOutcome } from "../../../src/daemon/restart-child.ts";
import { hookMeaning } from "../../../src/backends/hooks.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";

const NOW = Date.parse("2026-03-02T12:00:00Z");
const root = mkdtempSync(join(tmpdir(), "agentmux-failover-"));
for (const name of ["a", "b"]) {
  mkdirSync(join(root, name));
  writeFileSync(join(root, name, ".credentials.json"), "{}");
}
const configFor = (failover: string): Config => parseConfig([
  "backends:", "  claude:", "    accounts:",
  `      a: { home: ${join(root, "a")}, pool: team }`,
  `      b: { home: ${join(root, "b")}, pool: team }`,
  `accounts: { failover: ${failover} }`,
].join("\n"), "c.yml");

const reading = (sessionPct: number, limited = false): UsageReading => ({ sessionPct, weeklyPct: 10, sessionResetsAt: NOW + 3_600_000, weeklyResetsAt: NOW + 86_400_000, limited, fetchedAt: NOW });
const record = (account: string, r: UsageReading): UsageRecord => ({ backend: "claude", account, reading: r, failures: 0 });

function session(pane: string, account: string, state: Tracked["machine"]["state"], token = "t1"): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  const t = trackedFromPane({ ...fields, pane, backend: "claude", account, dir: "/p/work", instance: pane.slice(1), tokenHash: token, id: "native-1" });
  t.machine = { ...t.machine, state };
  return t;
}
// What the daemon's intake hands failover for a Claude hook event (src/daemon/apply.ts).
const event = (_t: Tracked, name: string, payload: Record<string, unknown> = {}) => {
  const meaning = hookMeaning("claude", name, payload);
  return { stopped: meaning.events.some((e) => e.kind === "stop") && !meaning.rateLimited, rateLimited: meaning.rateLimited };
};

function harness(mode: string, snoozed = new Set<string>()) {
  const tracked = new Map<string, Tracked>();
  const notes: string[] = [];
  const logged: string[] = [];
  const restarts: Array<[string, string]> = [];
  const readings = new Map<string, UsageReading>([["a", reading(100, true)], ["b", reading(15)]]);
  const failover = new Failover({
    tracked, config: () => configFor(mode), readings: (_b, name) => readings.get(name),
    notify: async (text) => { notes.push(text); },
    snoozed: async (pane) => snoozed.has(pane),
    restart: async (pane, account): Promise<RestartOutcome> => { restarts.push([pane, account]); return { ok: true, id: "native-1", account }; },
    log: (line) => { logged.push(line); }, now: () => NOW,
  });
  const add = (t: Tracked) => { tracked.set(t.pane, t); return t; };
  return { failover, notes, logged, restarts, readings, add };
}

after(() => rmSync(root, { recursive: true, force: true }));

describe("failover in the daemon", () => {
  it("notify: a rate-limited turn names the best member once per episode; a normal turn ends the episode", async () => {
    const h = harness("notify");
    const t = h.add(session("%1", "a", "waiting"));
    await h.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    await h.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    await h.failover.readingChanged(record("a", reading(100, true)));
    assert.equal(h.notes.length, 1, h.notes.join("\n"));
    assert.match(h.notes[0] ?? "", /account a is rate limited; best member of pool team: b .*--account b$/);
    await h.failover.eventApplied(t, event(t, "Stop", { background_tasks: [] }));
    await h.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    assert.equal(h.notes.length, 2);
    assert.deepEqual(h.restarts, []);
  });

  it("a snoozed session raises no failover notice (it goes to the log); auto still moves it", async () => {
    const quiet = harness("notify", new Set(["%1"]));
    const t = quiet.add(session("%1", "a", "waiting"));
    await quiet.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    assert.deepEqual(quiet.notes, []);
    assert.ok(quiet.logged.some((l) => /snoozed, not notified\): .*best member of pool team: b/.test(l)), quiet.logged.join("\n"));
    const auto = harness("auto", new Set(["%2"]));
    const u = auto.add(session("%2", "a", "waiting"));
    await auto.failover.eventApplied(u, event(u, "StopFailure", { error: "rate_limit" }));
    assert.deepEqual(auto.restarts, [["%2", "b"]]);
    assert.deepEqual(auto.notes, []);
  });

  it("other API errors are not a limit", async () => {
    const h = harness("auto");
    const t = h.add(session("%1", "a", "waiting"));
    await h.failover.eventApplied(t, event(t, "StopFailure", { error: "overloaded" }));
    assert.deepEqual([h.notes, h.restarts], [[], []]);
  });

  it("a reading that turns limited notifies every session on the account once, until a reading is no longer limited", async () => {
    const h = harness("notify");
    h.add(session("%1", "a", "idle"));
    h.add(session("%2", "a", "working"));
    h.add(session("%3", "b", "idle"));
    await h.failover.readingChanged(record("a", reading(100, true)));
    await h.failover.readingChanged(record("a", reading(100, true)));
    assert.equal(h.notes.length, 2);
    assert.ok(h.notes.every((n) => /account a reached its usage limit; best member of pool team: b/.test(n)));
    await h.failover.readingChanged(record("a", reading(40)));
    await h.failover.readingChanged(record("a", reading(100, true)));
    assert.equal(h.notes.length, 4);
  });

  it("auto: a rate-limited turn restarts the session under the best member, and says so", async () => {
    const h = harness("auto");
    const t = h.add(session("%1", "a", "waiting"));
    await h.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    assert.deepEqual(h.restarts, [["%1", "b"]]);
    assert.equal(h.notes.length, 1);
    assert.match(h.notes[0] ?? "", /account a is rate limited; restarted under b, resuming native-1$/);
    await h.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    assert.equal(h.restarts.length, 1, "the old process's late events restart nothing");
  });

  it("auto: a session told that no member had room moves as soon as another member's reading frees up", async () => {
    const h = harness("auto");
    h.readings.set("b", reading(100, true));
    const t = h.add(session("%1", "a", "idle"));
    await h.failover.readingChanged(record("a", reading(100, true)));
    assert.deepEqual(h.restarts, [], "no member has room: told, not moved");
    assert.equal(h.notes.length, 1);
    // b's reading frees up: the readings of b changed, not a's.
    h.readings.set("b", reading(15));
    await h.failover.readingChanged(record("b", reading(15)));
    assert.deepEqual(h.restarts, [["%1", "b"]]);
    // Another reading that says nothing new moves nothing twice and tells nothing twice.
    await h.failover.readingChanged(record("b", reading(16)));
    assert.equal(h.restarts.length, 1);
    assert.equal(t.pane, "%1");
  });

  it("a session told no member had room is not told the same again when another reading changes", async () => {
    const h = harness("notify");
    h.readings.set("b", reading(100, true));
    h.add(session("%1", "a", "idle"));
    await h.failover.readingChanged(record("a", reading(100, true)));
    await h.failover.readingChanged(record("b", reading(100, true)));
    assert.equal(h.notes.length, 1);
  });

  it("auto: a working session is restarted only once its turn has ended", async () => {
    const h = harness("auto");
    const t = h.add(session("%1", "a", "working"));
    await h.failover.readingChanged(record("a", reading(100, true)));
    assert.deepEqual([h.notes, h.restarts], [[], []]);
    t.machine = { ...t.machine, state: "blocked" };
    await h.failover.stateChanged(t);
    assert.deepEqual(h.restarts, []);
    t.machine = { ...t.machine, state: "waiting" };
    await h.failover.stateChanged(t);
    assert.deepEqual(h.restarts, [["%1", "b"]]);
    assert.match(h.notes[0] ?? "", /reached its usage limit; restarted under b/);
  });

  it("auto: a failed restart is told, with why", async () => {
    const h = harness("auto");
    const t = h.add(session("%1", "a", "idle"));
    const f = new Failover({
      tracked: new Map([[t.pane, t]]), config: () => configFor("auto"), readings: (_b, name) => h.readings.get(name),
      notify: async (text) => { h.notes.push(text); }, restart: async () => ({ ok: false, message: "cannot restart work:1 (%1): b is logged out" }),
      log: () => undefined, now: () => NOW,
    });
    await f.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    assert.match(h.notes[0] ?? "", /could not restart it under b: cannot restart .*logged out$/);
  });

  it("auto: a session with nothing to resume is restarted fresh and told so, never as resumed", async () => {
    const h = harness("auto");
    const t = h.add(session("%1", "a", "idle"));
    const f = new Failover({
      tracked: new Map([[t.pane, t]]), config: () => configFor("auto"), readings: (_b, name) => h.readings.get(name),
      notify: async (text) => { h.notes.push(text); },
      // What `agentmux restart --json` answers for a session that never exchanged a message (src/daemon/restart-child.ts).
      restart: async (_pane, account) => ({ ok: true, id: null, account, fresh: "its conversation native-1 was never recorded" }),
      log: () => undefined, now: () => NOW,
    });
    await f.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    assert.equal(h.notes.length, 1, h.notes.join("\n"));
    assert.match(h.notes[0] ?? "", /restarted under b fresh: its conversation native-1 was never recorded, so there was nothing to resume$/);
    assert.doesNotMatch(h.notes[0] ?? "", /resuming/);
  });

  it("off, and a session without an account, do nothing", async () => {
    const off = harness("off");
    const t = off.add(session("%1", "a", "waiting"));
    await off.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    const none = harness("auto");
    const u = none.add(session("%2", "", "waiting"));
    await none.failover.eventApplied(u, event(u, "StopFailure", { error: "rate_limit" }));
    assert.deepEqual([off.notes, none.notes, none.restarts], [[], [], []]);
  });

  it("a new process in the pane (a new token) starts a new episode", async () => {
    const h = harness("notify");
    const t = h.add(session("%1", "a", "waiting"));
    await h.failover.eventApplied(t, event(t, "StopFailure", { error: "rate_limit" }));
    const replaced = h.add(session("%1", "a", "waiting", "t2"));
    await h.failover.eventApplied(replaced, event(replaced, "StopFailure", { error: "rate_limit" }));
    assert.equal(h.notes.length, 2);
  });
});
