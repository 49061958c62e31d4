import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { VERSION } from "../../../src/util/version.ts";
import type { Config } from "../../../src/config/config.ts";
import type { DaemonLayout } from "../../../src/daemon/places.ts";
import type { DaemonPort } from "../../../src/daemon/port.ts";
import type { Socket } from "node:net";
import type { InboxItem } from "../../../src/core/ask.ts";
import type { Response } from "../../../src/daemon/protocol.ts";
import { handleRequest } from "../../../src/daemon/requests.ts";
import type { Teardown } from "../../../src/daemon/teardown.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { Waiters } from "../../../src/daemon/waiters.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";
import type { InputWord } from "../../../src/core/evidence.ts";
import type { MachineEvent } from "../../../src/core/state-machine.ts";
import { tokenHash } from "../../../src/util/token.ts";

const TOKEN = "tøken #1 'quoted' %s";

function session(pane: string, state: Tracked["machine"]["state"], since = 1000): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  const t = trackedFromPane({ ...fields, pane, backend: "claude", dir: "/home/u/a b", state, tokenHash: tokenHash(TOKEN), id: `id-${pane}` });
  t.machine = { ...t.machine, since };
  return t;
}

/** The daemon as the requests see it; records what they asked of it. */
class FakeDaemon implements DaemonPort {
  readonly tracked = new Map<string, Tracked>();
  readonly tmux = {} as Tmux;
  readonly teardown = {} as Teardown;
  readonly layout = { tmuxSocket: "/tmp/tmux-1/work srv" } as DaemonLayout;
  readonly waiters = new Waiters();
  readonly exits = { request: async (pane: string, now: boolean): Promise<Response> => ({ ok: true, pane, now }) };
  readonly calls: string[] = [];
  readonly options: Array<[string, Record<string, string>]> = [];
  /** Sessions that a reconcile finds (started a moment ago). */
  readonly appearing: Tracked[] = [];
  config(): Config { return { control: { enabled: true } } as Config; }
  async kill(panes: string[]): Promise<number> { this.calls.push(`kill ${panes.join(" ")}`); return panes.length; }
  async typed(pane: string, kind: InputWord["kind"], at?: number): Promise<void> { this.calls.push(`typed ${pane} ${kind} ${at}`); }
  async mark(pane: string, event: MachineEvent): Promise<void> { this.calls.push(`mark ${pane} ${event.kind}`); }
  async reconcile(): Promise<void> {
    this.calls.push("reconcile");
    for (const t of this.appearing.splice(0)) this.tracked.set(t.pane, t);
  }
  async stop(reason: string): Promise<void> { this.calls.push(`stop ${reason}`); }
  refreshPool(backend: string, pool: string): number { this.calls.push(`refresh ${backend} ${pool}`); return 2; }
  async setOptions(pane: string, values: Record<string, string>): Promise<void> { this.options.push([pane, values]); }
  explain(pane: string): Response { return { ok: true, pane }; }
  async published(pane: string): Promise<void> { this.calls.push(`published ${pane}`); }
  forgetExited(pane: string): boolean { return pane === "%40"; }
  readonly subscribed: Socket[] = [];
  readonly inbox = {
    items: async (): Promise<InboxItem[]> => [{ pane: "%36", name: "a b", key: "a", backend: "claude", account: "", state: "blocked", background: false, since: 8, snoozed: false, ask: null }],
    view: async (): Promise<InboxItem[]> => [...await this.inbox.items(), { pane: "far:%3", host: "far", name: "far:x", key: "", backend: "codex", account: "", state: "waiting", background: false, since: 9, snoozed: false, ask: null }],
    subscribe: async (socket: Socket): Promise<void> => { this.subscribed.push(socket); },
    changed: (): void => undefined,
  };
  readonly fed: Socket[] = [];
  readonly feed = { subscribe: async (socket: Socket): Promise<void> => { this.fed.push(socket); } };
  readonly followed: Array<[Socket, string]> = [];
  readonly outputs = { subscribe: async (socket: Socket, pane: string): Promise<Response | null> => { this.followed.push([socket, pane]); return null; } };
  add(...ts: Tracked[]): this { for (const t of ts) this.tracked.set(t.pane, t); return this; }
  /** The chief loop as the requests see it: its answer names the first tracked session. */
  readonly chief = { request: async (action: string): Promise<Response> => ({ ok: true, action, session: [...this.tracked.values()][0]?.pane ?? null }) };
}

describe("the daemon's socket requests", () => {
  it("a request about a pane not tracked yet looks again first, and finds a session started a moment ago", async () => {
    const daemon = new FakeDaemon();
    daemon.appearing.push(session("%33", "idle"));
    assert.deepEqual(await handleRequest(daemon, { op: "input", pane: "%33", kind: "submit", at: 5 }), { ok: true, pane: "%33" });
    assert.deepEqual(daemon.calls, ["reconcile", "typed %33 submit 5"]);
  });

  it("chief start names the chief session it opened a moment ago: tmux's panes are read again when it is not tracked yet", async () => {
    const daemon = new FakeDaemon();
    daemon.appearing.push(session("%24", "working"));
    const started = await handleRequest(daemon, { op: "chief", action: "start", pane: "%24" }) as Response & { session: string | null };
    assert.equal(started.session, "%24");
    await handleRequest(daemon, { op: "chief", action: "start", pane: "%24" });
    assert.deepEqual(daemon.calls, ["reconcile"], "not again once it is tracked");
  });

  it("input for a pane with no session is refused; one for a tracked pane does not reconcile", async () => {
    const daemon = new FakeDaemon().add(session("%34", "idle"));
    assert.deepEqual(await handleRequest(daemon, { op: "input", pane: "%99", kind: "keys" }), { ok: false, error: "no agentmux session in pane %99" });
    await handleRequest(daemon, { op: "input", pane: "%34", kind: "escape" });
    assert.deepEqual(daemon.calls, ["reconcile", "typed %34 escape undefined"]);
  });

  it("status lists every session with its state and whether hooks were heard from it (doctor), and the daemon's version", async () => {
    const heard = session("%36", "blocked", 8);
    heard.machine = { ...heard.machine, hooked: true, turnStart: 5 };
    const daemon = new FakeDaemon().add(session("%35", "working", 7), heard);
    const r = await handleRequest(daemon, { op: "status" });
    assert.deepEqual(r.ok && r["sessions"], [
      { pane: "%35", backend: "claude", state: "working", background: false, since: 7, id: "id-%35", hookable: true, hooked: false, turned: false },
      { pane: "%36", backend: "claude", state: "blocked", background: false, since: 8, id: "id-%36", hookable: true, hooked: true, turned: true },
    ]);
    assert.equal(r.ok && r["version"], VERSION);
  });

  it("inbox answers what the inbox shows: this machine's items and the hosts'", async () => {
    const daemon = new FakeDaemon();
    const r = await handleRequest(daemon, { op: "inbox" });
    assert.deepEqual(r.ok && (r["inbox"] as InboxItem[]).map((i) => i.pane), ["%36", "far:%3"]);
  });

  it("subscribe hands the connection to the inbox and answers nothing itself; without a connection it is refused", async () => {
    const daemon = new FakeDaemon();
    const socket = {} as Socket;
    assert.equal(await handleRequest(daemon, { op: "subscribe" }, socket), null);
    assert.deepEqual(daemon.subscribed, [socket]);
    assert.deepEqual(await handleRequest(daemon, { op: "subscribe" }), { ok: false, error: "subscribe needs a connection that stays open" });
  });

  it("feed hands the connection to the roster feed and answers nothing itself; without a connection it is refused", async () => {
    const daemon = new FakeDaemon();
    const socket = {} as Socket;
    assert.equal(await handleRequest(daemon, { op: "feed" }, socket), null);
    assert.deepEqual([daemon.fed, daemon.subscribed], [[socket], []]);
    assert.deepEqual(await handleRequest(daemon, { op: "feed" }), { ok: false, error: "feed needs a connection that stays open" });
  });

  it("output hands the connection to one live pane's output; a pane id of another shape, a pane with no live session, or no connection is refused", async () => {
    const daemon = new FakeDaemon().add(session("%41", "working"), session("%42", "exited"));
    const socket = {} as Socket;
    assert.equal(await handleRequest(daemon, { op: "output", pane: "%41" }, socket), null);
    assert.deepEqual(daemon.followed, [[socket, "%41"]]);
    assert.deepEqual(await handleRequest(daemon, { op: "output", pane: "%41" }), { ok: false, error: "output needs a connection that stays open" });
    const bad = await handleRequest(daemon, { op: "output", pane: "%41;rm" }, socket);
    assert.match(bad?.ok === false ? bad.error : "accepted", /"%41;rm" is not a pane id/);
    assert.deepEqual(await handleRequest(daemon, { op: "output", pane: "%42" }, socket), { ok: false, error: "no live agentmux session in pane %42" });
    assert.deepEqual(await handleRequest(daemon, { op: "output", pane: "%43" }, socket), { ok: false, error: "no live agentmux session in pane %43" });
    assert.equal(daemon.followed.length, 1, "only the live pane was followed");
  });

  describe("publish", () => {
    it("the session's own process sets its status text, cleaned to one line; the session table (not the request) marks it current", async () => {
      const t = session("%37", "working");
      t.machine = { ...t.machine, statusStale: true };
      const daemon = new FakeDaemon().add(t);
      assert.deepEqual(await handleRequest(daemon, { op: "publish", pane: "%37", token: TOKEN, text: "tests: 3 failing\nfix “auth”" }), { ok: true, pane: "%37" });
      assert.deepEqual(daemon.options, [["%37", { "@agentmux-status-text": "tests: 3 failing fix “auth”" }]]);
      assert.deepEqual(daemon.calls, ["published %37"]);
      assert.equal(t.machine.statusStale, true, "the request writes no state of its own");
    });

    it("another process's token is refused with a hint", async () => {
      const daemon = new FakeDaemon().add(session("%37", "working"));
      const r = await handleRequest(daemon, { op: "publish", pane: "%37", token: "guess", text: "hi" });
      assert.deepEqual(r, { ok: false, error: "the token does not match the process in %37", hint: "only the session's own process may publish its status" });
      assert.deepEqual(daemon.options, []);
      assert.deepEqual(daemon.calls, ["reconcile"], "tmux's panes read first: the pane's process may be new");
    });

    it("a restarted session's new process (a new token; tmux says nothing of a respawn) publishes: tmux's panes are read first", async () => {
      const old = session("%38", "waiting");
      old.tokenHash = tokenHash("the old process's token");
      const daemon = new FakeDaemon().add(old);
      daemon.appearing.push(session("%38", "unknown"));
      assert.deepEqual(await handleRequest(daemon, { op: "publish", pane: "%38", token: TOKEN, text: "resumed" }), { ok: true, pane: "%38" });
      assert.deepEqual(daemon.calls, ["reconcile", "published %38"]);
      await handleRequest(daemon, { op: "publish", pane: "%38", token: TOKEN, text: "again" });
      assert.deepEqual(daemon.calls, ["reconcile", "published %38", "published %38"], "not again once its process is known");
    });

    it("a status of 160 characters passes, counted as characters; one of 161 is refused", async () => {
      const daemon = new FakeDaemon().add(session("%37", "working"));
      assert.equal((await handleRequest(daemon, { op: "publish", pane: "%37", token: TOKEN, text: "🙂".repeat(160) })).ok, true);
      assert.deepEqual(await handleRequest(daemon, { op: "publish", pane: "%37", token: TOKEN, text: "x".repeat(161) }), { ok: false, error: "the status is longer than 160 characters" });
    });
  });

  describe("wait", () => {
    it("a pane already in the state answers at once, with when it got there", async () => {
      const daemon = new FakeDaemon().add(session("%41", "working"), session("%42", "waiting", 4242));
      assert.deepEqual(await handleRequest(daemon, { op: "wait", panes: ["%41", "%42"], state: "waiting", timeoutMs: 1000 }), { ok: true, pane: "%42", state: "waiting", at: 4242 });
    });

    it("with after, a pane that reached the state earlier waits for the next time it gets there (the end of a turn not yet begun)", async () => {
      const daemon = new FakeDaemon().add(session("%42", "waiting", 4242));
      const answer = handleRequest(daemon, { op: "wait", panes: ["%42"], state: "waiting", timeoutMs: 60_000, after: 5000 });
      await new Promise((r) => setImmediate(r));
      daemon.waiters.changed("%42", "working", 5100);
      daemon.waiters.changed("%42", "waiting", 6000);
      assert.deepEqual(await answer, { ok: true, pane: "%42", state: "waiting", at: 6000 });
      assert.deepEqual(await handleRequest(daemon, { op: "wait", panes: ["%42"], state: "waiting", timeoutMs: 1000, after: 4000 }), { ok: true, pane: "%42", state: "waiting", at: 4242 });
    });

    it("an unknown state is refused, listing the states", async () => {
      const r = await handleRequest(new FakeDaemon().add(session("%41", "idle")), { op: "wait", panes: ["%41"], state: "done", timeoutMs: 1000 });
      assert.equal(r.ok, false);
      assert.equal(!r.ok && r.error, 'unknown state "done"');
      assert.match((!r.ok && r.hint) || "", /^use one of .*waiting/);
    });

    it("panes that all exited (or are gone) fail at once", async () => {
      const daemon = new FakeDaemon().add(session("%41", "exited"));
      assert.deepEqual(await handleRequest(daemon, { op: "wait", panes: ["%41", "%50"], state: "idle", timeoutMs: 1000 }), { ok: false, error: "%41, %50 exited before reaching idle" });
    });

    it("otherwise the running panes wait until one reaches the state", async () => {
      const daemon = new FakeDaemon().add(session("%41", "working"), session("%43", "exited"));
      const answer = handleRequest(daemon, { op: "wait", panes: ["%41", "%43"], state: "waiting", timeoutMs: 60_000 });
      await new Promise((r) => setImmediate(r));
      daemon.waiters.changed("%41", "waiting", 99);
      assert.deepEqual(await answer, { ok: true, pane: "%41", state: "waiting", at: 99 });
    });
  });

  it("kill, forget, usage-refresh, exit and explain are handed to the daemon", async () => {
    const daemon = new FakeDaemon().add(session("%40", "idle"), session("%45", "idle"));
    assert.deepEqual(await handleRequest(daemon, { op: "kill", panes: ["%40", "%45"] }), { ok: true, killed: 2 });
    assert.deepEqual(await handleRequest(daemon, { op: "forget", pane: "%40" }), { ok: true, forgotten: true });
    assert.deepEqual(await handleRequest(daemon, { op: "usage-refresh", backend: "claude", pool: "work team" }), { ok: true, polled: 2 });
    assert.deepEqual(await handleRequest(daemon, { op: "exit", pane: "%45", now: true }), { ok: true, pane: "%45", now: true });
    assert.deepEqual(await handleRequest(daemon, { op: "explain", pane: "%45" }), { ok: true, pane: "%45" });
    assert.deepEqual(daemon.calls, ["kill %40 %45", "refresh claude work team"]);
  });

  it("stop answers first and stops the daemon just after", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const daemon = new FakeDaemon();
    assert.deepEqual(await handleRequest(daemon, { op: "stop" }), { ok: true });
    assert.deepEqual(daemon.calls, []);
    t.mock.timers.tick(10);
    assert.deepEqual(daemon.calls, ["stop asked to stop"]);
  });

  it("ping names the tmux server and counts the sessions", async () => {
    const r = await handleRequest(new FakeDaemon().add(session("%40", "idle")), { op: "ping" });
    assert.deepEqual(r, { ok: true, pid: process.pid, tmux: "/tmp/tmux-1/work srv", sessions: 1 });
  });

  it("an unknown request is answered with an error naming it", async () => {
    const r = await handleRequest(new FakeDaemon(), { op: "reboot" } as unknown as Parameters<typeof handleRequest>[1]);
    assert.deepEqual(r, { ok: false, error: 'unknown request "reboot"' });
  });
});
