import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { restoreEntries } from "../../src/daemon/restore-record.ts";
import { trackedFromPane } from "../../src/daemon/tracked.ts";
import { accountToOffer, restartAccount } from "../../src/lifecycle/restart.ts";
import { afterRestore, isServerDead, readRegistry, recordServer, restorable, withServer, type ProcessProbe, type RestoreEntry } from "../../src/session/restore-registry.ts";
import { PANE_FIELDS, type PaneRecord } from "../../src/tmux/formats.ts";

describe("restart: the account to restart under", () => {
  const pools = [{ name: "work", members: ["a", "b"] }];
  const rows: Array<[string, string, string | undefined, string | undefined, string | undefined]> = [
    ["--account wins", "a", "c", "work", "c"],
    ["no account stays without one", "", undefined, "work", undefined],
    ["a member of the selected pool is rerouted within it", "a", undefined, "work", "work"],
    ["a member of a pool that is not selected keeps its account", "a", undefined, "other", "a"],
    ["an account outside pools keeps it", "solo", undefined, "work", "solo"],
  ];
  for (const [name, session, explicit, selected, expected] of rows) {
    it(name, () => assert.equal(restartAccount(session, explicit, pools, selected), expected));
  }
});

describe("restart: the selected account it offers instead", () => {
  const pools = [{ name: "work", members: ["a", "b"] }];
  const rows: Array<[string, string, string | undefined, string | undefined, string | undefined]> = [
    ["another account selected: offered", "solo", undefined, "other", "other"],
    ["the session's own account selected: nothing", "solo", undefined, "solo", undefined],
    ["its pool selected: rerouted without asking", "a", undefined, "work", undefined],
    ["a pool it is not in: offered", "solo", undefined, "work", "work"],
    ["--account given: nothing", "solo", "x", "other", undefined],
    ["a session without an account: nothing", "", undefined, "other", undefined],
    ["nothing selected: nothing", "solo", undefined, undefined, undefined],
  ];
  for (const [name, session, explicit, selected, expected] of rows) {
    it(name, () => assert.equal(accountToOffer(session, explicit, pools, selected), expected));
  }
});

describe("restore registry: dead servers", () => {
  const probe = (alive: Record<number, number | null>): ProcessProbe => ({
    alive: (pid) => pid in alive,
    startedAt: (pid) => alive[pid] ?? null,
  });
  const rows: Array<[string, string, string, Record<number, number | null>, boolean]> = [
    ["the running server is alive", "10:1000", "10:1000", {}, false],
    ["no process has the pid", "10:1000", "20:2000", { 20: 2000 }, true],
    ["the pid was reused by a later process", "10:1000", "20:2000", { 10: 5000 }, true],
    ["same pid and start time: alive", "10:1000", "20:2000", { 10: 1001 }, false],
    ["start time unknown: alive", "10:1000", "20:2000", { 10: null }, false],
    ["a malformed id is dead", "x", "20:2000", {}, true],
  ];
  for (const [name, id, current, alive, dead] of rows) {
    it(name, () => assert.equal(isServerDead(id, current, probe(alive)), dead));
  }
});

const entry = (id: string, extra: Partial<RestoreEntry> = {}): RestoreEntry => ({ backend: "claude", account: "", dir: "/p", instance: "", id, label: "", group: "", started: 1, ...extra });

describe("restore registry: records", () => {
  const registry = {
    servers: [
      { socket: "/s", server: "1:1", sessions: [entry("a"), entry("b")] },
      { socket: "/other", server: "2:2", sessions: [entry("c")] },
      { socket: "/s", server: "3:3", sessions: [entry("d")] },
    ],
  };
  const dead: ProcessProbe = { alive: () => false, startedAt: () => null };

  it("lists the sessions of this socket's dead servers only", () => {
    assert.deepEqual(restorable(registry, "/s", "3:3", dead).map((c) => `${c.server}/${c.entry.id}`), ["1:1/a", "1:1/b"]);
  });
  it("withServer replaces one server's sessions and drops a server with none", () => {
    assert.deepEqual(withServer(registry, { socket: "/s", server: "3:3", sessions: [] }).servers.map((s) => s.server), ["1:1", "2:2"]);
    assert.deepEqual(withServer(registry, { socket: "/s", server: "1:1", sessions: [entry("z")] }).servers.at(-1)?.sessions.map((e) => e.id), ["z"]);
  });
  it("afterRestore removes the restored, records the failures, and drops an emptied server", () => {
    const after = afterRestore(registry, "/s", "1:1", ["a"], new Map([["b", "boom"]]));
    assert.deepEqual(after.servers.find((s) => s.server === "1:1")?.sessions, [entry("b", { error: "boom" })]);
    assert.equal(afterRestore(registry, "/s", "1:1", ["a", "b"], new Map()).servers.some((s) => s.server === "1:1"), false);
  });
  it("recordServer writes only on change; a corrupt file is an error for restore, kept aside", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-registry-"));
    try {
      const file = join(dir, "registry.json");
      writeFileSync(file, "{not json");
      assert.throws(() => readRegistry(file), /registry\.json is corrupt .*kept it as/);
      assert.deepEqual(readRegistry(file), { servers: [] });
      assert.equal(recordServer(file, { socket: "/s", server: "1:1", sessions: [entry("a")] }), true);
      assert.equal(recordServer(file, { socket: "/s", server: "1:1", sessions: [entry("a")] }), false);
      assert.deepEqual(readRegistry(file).servers[0]?.sessions.map((e) => e.id), ["a"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("restore registry: what the daemon records", () => {
  const pane = (values: Partial<PaneRecord>): PaneRecord => ({
    ...(Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord), backend: "claude", dir: "/p", tokenHash: "t", ...values,
  });
  it("running sessions with a native id, not the demo's (norestore), not exited ones", () => {
    const tracked = [
      trackedFromPane(pane({ pane: "%1", id: "one", started: "2", label: "named", group: "g", account: "a" })),
      trackedFromPane(pane({ pane: "%2", id: "" })),
      trackedFromPane(pane({ pane: "%3", id: "demo", norestore: "1" })),
      trackedFromPane(pane({ pane: "%4", id: "dead", dead: "1" })),
      trackedFromPane(pane({ pane: "%5", id: "zero", started: "1", instance: "x" })),
    ];
    assert.deepEqual(restoreEntries(tracked), [
      entry("zero", { instance: "x", started: 1 }),
      { backend: "claude", account: "a", dir: "/p", instance: "", id: "one", label: "named", group: "g", started: 2 },
    ]);
  });
});
