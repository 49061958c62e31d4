import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatTable, listRows, remoteJson, remoteRows } from "../../../src/cli/list.ts";
import { emptySnapshot } from "../../../src/hosts/snapshot.ts";
import { sessionJson } from "../../../src/session/json.ts";
import type { NamedSession } from "../../../src/session/store.ts";

const session = (patch: Partial<NamedSession>): NamedSession => ({
  pane: "%1", backend: "claude", account: "", dir: "/r/api", instance: "", id: "", tokenHash: "t", label: "", group: "", forkedFrom: "", parent: "", side: "", launch: {},
  state: "unknown", background: false, stateSince: null, startedAt: 1_000, dead: false, deadStatus: null, title: "", command: "claude",
  pid: 10, tmuxSession: "s", window: "@1", windowIndex: "1", active: false, name: "api", ...patch,
});

describe("list --json shape", () => {
  it("keeps the stable keys, with null where unknown or empty", () => {
    const json = sessionJson(session({}), 61_000);
    assert.deepEqual(Object.keys(json).slice(0, 8), ["pane", "backend", "account", "dir", "instance", "name", "id", "state"]);
    assert.equal(json.state, null);
    assert.equal(json.account, null);
    assert.equal(json.instance, null);
    assert.equal(json.id, null);
    assert.equal(json.age, 60);
  });
  it("carries what is known", () => {
    const json = sessionJson(session({ state: "blocked", account: "work", instance: "a", id: "uuid", dead: true, deadStatus: 3 }), 1_000);
    assert.equal(json.state, "blocked");
    assert.equal(json.account, "work");
    assert.equal(json.exitStatus, 3);
  });
  it("says whether a waiting session's turn left background work running, as the inbox does", () => {
    assert.equal(sessionJson(session({ state: "waiting", background: true })).background, true);
    assert.equal(sessionJson(session({ state: "waiting" })).background, false);
  });

  it("carries the state's since and age beside the session's start and age", () => {
    const json = sessionJson(session({ state: "waiting", stateSince: 50_000, startedAt: 1_000 }), 170_000);
    assert.equal(json.stateSince, 50_000);
    assert.equal(json.stateAge, 120);
    assert.equal(json.startedAt, 1_000);
    assert.equal(json.age, 169);
    assert.equal(sessionJson(session({ startedAt: null }), 1_000).startedAt, null);
    assert.equal(sessionJson(session({}), 1_000).stateAge, null);
  });
  it("the table's IN STATE column is how long the session has been in its state, not its age", () => {
    const rows = listRows([session({ state: "waiting", stateSince: 3_600_000 - 180_000, startedAt: 0 }), session({ pane: "%2" })], 3_600_000);
    assert.equal(rows[0]?.[5], "IN STATE");
    assert.equal(rows[1]?.[5], "3m");
    assert.equal(rows[2]?.[5], "-");
  });
  it("aligns table columns by display width", () => {
    assert.equal(formatTable([["A", "BB", "C"], ["ééé", "x", "y"]]), "A    BB  C\nééé  x   y");
  });

  it("another host's sessions: HOST:PANE; while it is unreachable, the age of its data instead of a state it may have left", () => {
    const row = sessionJson(session({ pane: "%7", name: "gpu job", state: "waiting", stateSince: 40_000, group: "ml" }), 100_000);
    const up = { ...emptySnapshot("gpu"), reachable: true, lastDataAt: 99_000, sessions: [row] };
    assert.deepEqual(remoteRows([up], 100_000), [["gpu:%7", "gpu job", "claude", "-", "waiting", "1m", "/r/api", "-"]]);
    const down = { ...up, reachable: false, lastDataAt: 40_000 };
    assert.deepEqual(remoteRows([down], 100_000)[0]?.slice(4, 6), ["unreachable", "data 1m old"]);
    assert.deepEqual(remoteRows([up], 100_000, "other"), [], "--group applies to them too");
    assert.deepEqual([remoteJson(row, down, 100_000).host, remoteJson(row, down, 100_000).reachable, remoteJson(row, down, 100_000).dataAge], ["gpu", false, 60]);
  });
});
