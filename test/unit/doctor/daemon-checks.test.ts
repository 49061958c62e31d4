import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { daemonFinding, hooksFinding, leaksFinding, SPOOL_BACKLOG, spoolFinding, type DaemonStatus } from "../../../src/doctor/daemon-checks.ts";
import { allWell } from "../../../src/doctor/finding.ts";
import { makeFifo } from "../../helpers/fifo.ts";

const session = (pane: string, extra: Partial<DaemonStatus["sessions"][number]> = {}) => ({ pane, backend: "claude", state: "idle", hookable: true, hooked: true, turned: true, ...extra });

describe("doctor: the daemon and what reaches it", () => {
  it("a daemon that is down fails; one of another version warns (restart it); the same version is well", () => {
    assert.equal(daemonFinding({ running: false, sessions: [] }, "0.1.0").level, "fail");
    const old = daemonFinding({ running: true, pid: 7, sessions: [] }, "0.1.0");
    assert.equal(old.level, "warn");
    assert.match(old.said, /version unknown \(older\), this agentmux is 0\.1\.0/);
    assert.match(old.fix ?? "", /daemon stop && agentmux daemon start/);
    assert.equal(daemonFinding({ running: true, pid: 7, version: "0.1.0", sessions: [session("%12")] }, "0.1.0").level, "ok");
  });

  it("a session whose CLI reports through hooks, with a turn and no hook, fails naming it; no turn yet, or no hooks by nature, is well", () => {
    const status: DaemonStatus = { running: true, version: "0.1.0", sessions: [session("%12"), session("%13", { hooked: false }), session("%14", { hooked: false, turned: false }), session("%15", { backend: "generic", hookable: false, hooked: false })] };
    const f = hooksFinding(status);
    assert.equal(f.level, "fail");
    assert.match(f.said, /no hook event has arrived from %13 \(claude\), though a turn ran/);
    assert.doesNotMatch(f.said, /%14|%15/);
    assert.match(f.fix ?? "", /agentmux restart %13/);
    status.sessions[1]!.state = "exited";
    assert.equal(hooksFinding(status).level, "ok");
    assert.match(hooksFinding(status).said, /1 of 2 session\(s\) with hooks heard from/);
  });

  it("the spool: empty is well; a backlog or an old event warns; a refused event is named; a FIFO among its files is not opened", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-doctor-spool-"));
    const now = Date.now();
    assert.equal(spoolFinding(join(dir, "none"), now).level, "ok");
    assert.deepEqual(spoolFinding(dir, now), { check: "spool", level: "ok", said: "empty" });
    writeFileSync(join(dir, "%12.1.Stop.evt"), "x");
    const endWriter = makeFifo(join(dir, "%12.2.Stop.evt"));
    assert.equal(spoolFinding(dir, now).level, "ok", "one young event is being taken");
    endWriter();
    utimesSync(join(dir, "%12.1.Stop.evt"), (now - 60_000) / 1000, (now - 60_000) / 1000);
    const old = spoolFinding(dir, now);
    assert.equal(old.level, "warn");
    assert.match(old.said, /the oldest 60 s old/);
    const many = mkdtempSync(join(tmpdir(), "agentmux-doctor-spool-"));
    for (let i = 0; i <= SPOOL_BACKLOG; i++) writeFileSync(join(many, `%12.${i}.Stop.evt`), "x");
    assert.equal(spoolFinding(many, now).level, "warn");
    const refused = mkdtempSync(join(tmpdir(), "agentmux-doctor-spool-"));
    mkdirSync(join(refused, "rejected"));
    writeFileSync(join(refused, "rejected", "%12.1.Stop.evt"), "x");
    assert.match(spoolFinding(refused, now).said, /1 event file\(s\) refused and kept in .*rejected/);
  });

  it("leaks: the daemon's 'leak:' lines are counted and the last quoted", () => {
    assert.equal(leaksFinding("2026-12-05T10:00:00Z started pid 1\n").level, "ok");
    const f = leaksFinding("2026-12-05T10:00:00Z leak: mirror file /r/mirror/%12 outlived its session\n2026-12-05T10:00:01Z leak: status file /r/status/%13.json outlived its session\n");
    assert.equal(f.level, "warn");
    assert.match(f.said, /^2 logged, the last: .*%13\.json/);
    assert.equal(allWell([f]), true, "a warning leaves the exit status well");
  });
});
