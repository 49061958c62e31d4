import { afterEach, beforeEach, describe, it, mock } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordEnded } from "../../../src/daemon/ended.ts";
import type { DaemonLayout } from "../../../src/daemon/places.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import { exitedFile, readExited } from "../../../src/session/exited.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";

const NOW = 1_700_000_000_000;

function layoutIn(stateDir: string): DaemonLayout {
  return { tmuxSocket: "/tmp/tmux-1/default", key: "k1", dir: "", socket: "", pidFile: "", spool: "", mirror: "", status: "", log: "", stateDir };
}

function session(values: Partial<PaneRecord> = {}): Tracked {
  const fields = Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord;
  return trackedFromPane({ ...fields, pane: "%44", backend: "codex", account: "work", dir: "/home/u/proj ü", instance: "2", label: "fix “auth” #3", group: "g", started: String(NOW - 3_600_000), ...values });
}

describe("an ended session kept listed as exited", () => {
  let dir = "";
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), "agentmux-ended-")); mock.timers.enable({ apis: ["Date"], now: NOW }); });
  afterEach(() => { mock.timers.reset(); rmSync(dir, { recursive: true, force: true }); });
  const read = () => readExited(exitedFile(dir, "k1"), "srv-1");

  it("is recorded with its identity, times and the exit status the daemon saw", () => {
    const t = session({ deadStatus: "1" });
    t.id = "thread-9";
    t.exitStatus = 3;
    recordEnded(layoutIn(dir), "srv-1", t, () => undefined);
    assert.deepEqual(read(), [{
      pane: "%44", backend: "codex", account: "work", dir: "/home/u/proj ü", instance: "2", id: "thread-9", label: "fix “auth” #3",
      group: "g", startedAt: NOW - 3_600_000, endedAt: NOW, exitStatus: 3, how: "exited",
    }]);
  });

  it("without a status of its own the pane's dead status is taken; a blank one is no status", () => {
    recordEnded(layoutIn(dir), "srv-1", session({ deadStatus: "137" }), () => undefined);
    assert.equal(read()[0]?.exitStatus, 137);
    recordEnded(layoutIn(dir), "srv-1", session({ deadStatus: "", started: "" }), () => undefined);
    assert.deepEqual([read().length, read()[0]?.exitStatus, read()[0]?.startedAt], [1, null, null]);
  });

  it("a killed session is recorded as killed", () => {
    const t = session();
    t.killed = true;
    recordEnded(layoutIn(dir), "srv-1", t, () => undefined);
    assert.equal(read()[0]?.how, "killed");
  });

  it("a registry that cannot be written is logged, not thrown", () => {
    const blocked = join(dir, "not-a-dir");
    writeFileSync(blocked, "");
    const lines: string[] = [];
    recordEnded(layoutIn(blocked), "srv-1", session(), (line) => lines.push(line));
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? "", /^could not record %44 as exited: /);
  });
});
