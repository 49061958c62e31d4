import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordRestorable, restoreEntries, type Recorded } from "../../../src/daemon/restore-record.ts";
import type { DaemonLayout } from "../../../src/daemon/places.ts";
import { trackedFromPane } from "../../../src/daemon/tracked.ts";
import { readRegistry, registryFile, updateRegistry, type RestoreEntry } from "../../../src/session/restore-registry.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";

const entry = (id: string, extra: Partial<RestoreEntry> = {}): RestoreEntry => ({ backend: "claude", account: "", dir: "/p", instance: "", id, label: "", group: "", started: 1, ...extra });

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

  it("recorded every reconcile: written when the sessions change or another writer changed the file, else left alone", () => {
    const stateDir = mkdtempSync(join(tmpdir(), "agentmux-registry-"));
    try {
      const layout = { tmuxSocket: "/tmp/tmux-0/my server", stateDir } as DaemonLayout;
      const file = registryFile(stateDir);
      const recorded: Recorded = {};
      const one = [trackedFromPane(pane({ pane: "%11", id: "one" }))];
      const ours = () => readRegistry(file).servers.find((s) => s.server === "1:2")?.sessions.map((e) => e.id);
      recordRestorable(layout, "1:2", one, recorded);
      assert.deepEqual(ours(), ["one"]);
      const written = statSync(file).mtimeMs;
      recordRestorable(layout, "1:2", one, recorded);
      assert.equal(statSync(file).mtimeMs, written, "nothing changed: not written");
      // Another writer (agentmux restore) took this server's entry out: recorded again.
      updateRegistry(file, (r) => ({ ...r, servers: r.servers.filter((s) => s.server !== "1:2") }));
      recordRestorable(layout, "1:2", one, recorded);
      assert.deepEqual(ours(), ["one"]);
      recordRestorable(layout, "1:2", [...one, trackedFromPane(pane({ pane: "%12", id: "two", started: "3" }))], recorded);
      assert.deepEqual(ours(), ["one", "two"]);
      rmSync(file);
      recordRestorable(layout, "1:2", [...one, trackedFromPane(pane({ pane: "%12", id: "two", started: "3" }))], recorded);
      assert.deepEqual(ours(), ["one", "two"], "a removed file is written again");
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
