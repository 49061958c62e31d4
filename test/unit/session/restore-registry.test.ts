import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterRestore, isServerDead, readRegistry, recordServer, restorable, withServer, type ProcessProbe, type RestoreEntry } from "../../../src/session/restore-registry.ts";
import { spawn } from "node:child_process";
import { once } from "node:events";

const entry = (id: string, extra: Partial<RestoreEntry> = {}): RestoreEntry => ({ backend: "claude", account: "", dir: "/p", instance: "", id, label: "", group: "", started: 1, ...extra });

const MODULE = resolve(import.meta.dirname, "..", "..", "..", "src", "session", "restore-registry.ts");

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

describe("the restore registry has one writer at a time", () => {
  const entry = (id: string): RestoreEntry => ({ backend: "claude", account: "", dir: "/w", instance: "", id, label: "", group: "", started: null });

  it("restore taking out what it restored, while the daemon records, loses neither update", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "agentmux-registry-lock-")), "registry.json");
    recordServer(file, { socket: "/s", server: "1:1", sessions: [entry("old-a"), entry("old-b")] });
    // Another process (restore) changes the registry slowly, inside the lock.
    const code = `
      import { updateRegistry, afterRestore } from ${JSON.stringify(MODULE)};
      updateRegistry(${JSON.stringify(file)}, (registry) => {
        process.stdout.write("inside\\n");
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
        return afterRestore(registry, "/s", "1:1", ["old-a"], new Map());
      });`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((done) => child.stdout.on("data", (d: Buffer) => { if (String(d).includes("inside")) done(); }));
    // The daemon records the server running now, meanwhile.
    assert.equal(recordServer(file, { socket: "/s", server: "2:2", sessions: [entry("new")] }), true);
    const [exitCode] = await once(child, "exit") as [number];
    assert.equal(exitCode, 0);
    const servers = readRegistry(file).servers.map((s) => `${s.server}: ${s.sessions.map((e) => e.id).join(" ")}`).sort();
    assert.deepEqual(servers, ["1:1: old-b", "2:2: new"]);
  });
});
