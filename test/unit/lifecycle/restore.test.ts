import { after, afterEach, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CONFIG } from "../../../src/config/config.ts";
import { findRestorable, procProbe, restoreAll, type Candidate } from "../../../src/lifecycle/restore.ts";
import { readRegistry, recordServer, registryFile, type ProcessProbe, type RestoreEntry } from "../../../src/session/restore-registry.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

const SOCKET = "/tmp/tmux-1000/work srv";

/** The running server: its socket, its id and its panes (no tmux call launches anything here). */
class FakeTmux {
  constructor(private readonly panes: PaneRecord[]) {}
  async serverPlace(): Promise<{ id: string; socket: string }> { return { id: "500:9000", socket: SOCKET }; }
  async listPanes(): Promise<PaneRecord[]> { return this.panes; }
}

const pane = (values: Partial<PaneRecord>): PaneRecord => ({ ...(Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord), ...values });
const entry = (id: string, extra: Partial<RestoreEntry> = {}): RestoreEntry => ({ backend: "claude", account: "", dir: "/home/u/a b", instance: "", id, label: "", group: "", started: 1, ...extra });
/** Server 100 is gone; every other pid runs, started when its id says. */
const probe: ProcessProbe = { alive: (pid) => pid !== 100, startedAt: (pid) => (pid === 200 ? 2000 : null) };

describe("restore: finding what a dead server ran", () => {
  let home = "";
  let saved: string | undefined;
  before(() => { saved = process.env["AGENTMUX_HOME"]; });
  after(() => { if (saved === undefined) delete process.env["AGENTMUX_HOME"]; else process.env["AGENTMUX_HOME"] = saved; });
  afterEach(() => rmSync(home, { recursive: true, force: true }));
  const fresh = () => {
    home = mkdtempSync(join(tmpdir(), "agentmux-restore-"));
    process.env["AGENTMUX_HOME"] = home;
    return registryFile(join(home, "state"));
  };

  it("the sessions of this socket's dead servers are the candidates; one running again is marked live", async () => {
    const file = fresh();
    recordServer(file, { socket: SOCKET, server: "100:1000", sessions: [entry("one ü"), entry("two", { backend: "codex" })] });
    recordServer(file, { socket: SOCKET, server: "200:2000", sessions: [entry("still running")] });
    recordServer(file, { socket: "/tmp/tmux-1000/other", server: "100:1000", sessions: [entry("elsewhere")] });
    const tmux = new FakeTmux([pane({ pane: "%80", backend: "codex", id: "two", dir: "/home/u/a b" }), pane({ pane: "%81", backend: "claude", id: "one ü", dead: "1" })]);
    const found = await findRestorable(tmux as unknown as Tmux, probe);
    assert.equal(found.socket, SOCKET);
    assert.deepEqual(found.candidates.map((c) => [c.server, c.entry.id, c.live]), [["100:1000", "one ü", false], ["100:1000", "two", true]]);
  });

  it("a live candidate is skipped and taken out of the registry; one not chosen stays", async () => {
    const file = fresh();
    recordServer(file, { socket: SOCKET, server: "100:1000", sessions: [entry("kept"), entry("running")] });
    const candidates: Candidate[] = [{ server: "100:1000", entry: entry("kept"), live: false }, { server: "100:1000", entry: entry("running"), live: true }];
    const asked: string[] = [];
    const outcomes = await restoreAll({} as Tmux, DEFAULT_CONFIG, { socket: SOCKET, candidates }, async (c) => { asked.push(c.entry.id); return false; });
    assert.deepEqual(asked, ["kept"], "a live one is not offered");
    assert.deepEqual(outcomes.map((o) => [o.candidate.entry.id, o.skipped]), [["running", true]]);
    assert.deepEqual(readRegistry(file).servers[0]?.sessions.map((e) => e.id), ["kept"]);
  });

  it("nothing chosen leaves the registry as it was", async () => {
    const file = fresh();
    recordServer(file, { socket: SOCKET, server: "100:1000", sessions: [entry("kept")] });
    const outcomes = await restoreAll({} as Tmux, DEFAULT_CONFIG, { socket: SOCKET, candidates: [{ server: "100:1000", entry: entry("kept"), live: false }] }, async () => false);
    assert.deepEqual(outcomes, []);
    assert.deepEqual(readRegistry(file).servers[0]?.sessions.map((e) => e.id), ["kept"]);
  });
});

describe("restore: the Linux process probe", { skip: process.platform !== "linux" ? "reads /proc" : false }, () => {
  it("this process is alive, started when node says it did", () => {
    assert.equal(procProbe.alive(process.pid), true);
    const started = procProbe.startedAt(process.pid);
    assert.ok(started !== null);
    // /proc counts in clock ticks after boot: the two agree to a few seconds.
    assert.ok(Math.abs(started - (Date.now() / 1000 - process.uptime())) < 5, `started ${started}`);
  });

  it("a process that ended (and was reaped) is not alive and has no start time", () => {
    const pid = spawnSync("true").pid;
    assert.ok(pid);
    assert.equal(procProbe.alive(pid), false);
    assert.equal(procProbe.startedAt(pid), null);
  });
});
