import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Daemon } from "../../../src/daemon/daemon.ts";
import type { DaemonLayout } from "../../../src/daemon/places.ts";
import type { Change } from "../../../src/daemon/session-table.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const root = mkdtempSync(join(tmpdir(), "agentmux-daemon-unit-"));
after(() => rmSync(root, { recursive: true, force: true }));

function layout(name: string): DaemonLayout {
  const dir = join(root, name);
  const l: DaemonLayout = {
    tmuxSocket: join(dir, "tmux sock"), key: "k", dir, socket: join(dir, "daemon.sock"), pidFile: join(dir, "daemon.pid"),
    spool: join(dir, "spool"), mirror: join(dir, "mirror"), status: join(dir, "status"), log: join(dir, "daemon.log"), stateDir: join(dir, "state"),
  };
  for (const d of [l.spool, l.mirror, l.status, l.stateDir]) mkdirSync(d, { recursive: true });
  return l;
}

function pane(id: string, state: string): PaneRecord {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  return { ...fields, pane: id, backend: "claude", dir: "/home/u/a b #1", label: "fix “auth” 100%", state, tokenHash: "h1", id: "s1", pid: "4242" };
}

/** A daemon that has not started: tmux answers from `panes`, options set are recorded. */
function daemon(name: string) {
  const lines: string[] = [];
  const set: Array<[string, string, string]> = [];
  const changes: Change[] = [];
  const panes: PaneRecord[] = [];
  const d = new Daemon({ layout: layout(name), server: { socketPath: join(root, name, "tmux sock") }, log: (line) => lines.push(line), onExit: () => undefined });
  const tmux = d.tmux as unknown as Record<keyof Tmux, unknown>;
  tmux.listPanes = async () => panes.slice();
  tmux.panesInView = async () => [];
  tmux.setOption = async (scope: { pane: string } | "global", option: string, value: string) => { set.push([scope === "global" ? "global" : scope.pane, option, value]); };
  d.table.subscribe((c) => { changes.push({ ...c, applied: { ...c.applied } }); });
  return { d, lines, set, changes, panes };
}

describe("the daemon's reconcile", () => {
  it("a pane that vanished between reconciles exits through the session table: the change, its log line, its waiters", async () => {
    process.env["AGENTMUX_CONFIG"] = join(root, "no-config.yml");
    const { d, lines, set, changes, panes } = daemon("vanished");
    panes.push(pane("%12", "working"));
    await d.reconcile();
    const t = d.tracked.get("%12");
    assert.equal(t?.machine.state, "working");
    const waited = d.waiters.add(["%12"], "exited", 5_000);
    panes.length = 0;
    set.length = 0;
    await d.reconcile();
    assert.equal(d.tracked.has("%12"), false);
    assert.equal(t?.machine.state, "exited");
    assert.deepEqual(changes.filter((c) => c.applied.stateChanged).map((c) => [c.t.pane, c.channel, c.rule]), [["%12", "process", "pane-closed"]]);
    assert.ok(lines.includes("%12 exited"), lines.join("\n"));
    assert.equal(t?.decided?.rule, "pane-closed");
    assert.deepEqual(await waited, { ok: true, pane: "%12", state: "exited", at: t?.machine.since });
    assert.deepEqual(set.filter(([p]) => p === "%12"), [], "nothing is set on a pane that is gone");
  });

  it("a pane whose process had already exited is not exited a second time when it closes", async () => {
    const { d, changes, panes } = daemon("dead-then-closed");
    panes.push({ ...pane("%13", "idle"), dead: "1", deadStatus: "0" });
    await d.reconcile();
    assert.deepEqual(changes.filter((c) => c.applied.stateChanged).map((c) => c.rule), ["process-exited"]);
    panes.length = 0;
    await d.reconcile();
    assert.deepEqual(changes.filter((c) => c.applied.stateChanged).map((c) => c.rule), ["process-exited"]);
    assert.equal(d.tracked.has("%13"), false);
  });

  it("a pane whose process was replaced (a restart: a new token) is a new session that starts from nothing known, its old state options cleared", async () => {
    const { d, set, panes } = daemon("replaced");
    panes.push(pane("%15", "waiting"));
    await d.reconcile();
    const old = d.tracked.get("%15");
    assert.equal(old?.machine.state, "waiting");
    set.length = 0;
    // The old process's state written again after the restart cleared it: the pane says waiting still.
    panes[0] = { ...pane("%15", "waiting"), tokenHash: "h2", machine: JSON.stringify({ state: "waiting", since: 5 }) };
    await d.reconcile();
    const t = d.tracked.get("%15");
    assert.notEqual(t, old);
    assert.equal(t?.tokenHash, "h2");
    assert.equal(t?.machine.state, "unknown");
    assert.deepEqual(set.filter(([p]) => p === "%15").map(([, o, v]) => [o, v]).sort(), [["@agentmux-machine", ""], ["@agentmux-state", ""], ["@agentmux-state-since", ""]]);
    // A daemon that starts while a session runs takes its state from the pane, as before.
    const fresh = daemon("restarted-daemon");
    fresh.panes.push({ ...pane("%15", "waiting"), tokenHash: "h2" });
    await fresh.d.reconcile();
    assert.equal(fresh.d.tracked.get("%15")?.machine.state, "waiting");
  });

  it("a published status clears the stale mark through the session table, which sets the pane's options", async () => {
    const { d, set, changes, panes } = daemon("published");
    panes.push(pane("%14", "idle"));
    await d.reconcile();
    await d.typed("%14", "submit");
    const t = d.tracked.get("%14");
    assert.equal(t?.machine.statusStale, true);
    set.length = 0;
    changes.length = 0;
    await d.published("%14");
    assert.equal(t?.machine.statusStale, false);
    assert.deepEqual(changes.map((c) => c.rule), ["published"]);
    assert.deepEqual(set.filter(([, o]) => o === "@agentmux-status-stale"), [["%14", "@agentmux-status-stale", ""]]);
    assert.deepEqual(set.filter(([, o]) => o === "@agentmux-machine").map(([, , v]) => JSON.parse(v).statusStale), [false]);
  });
});
