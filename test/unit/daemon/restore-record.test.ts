import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { restoreEntries } from "../../../src/daemon/restore-record.ts";
import { trackedFromPane } from "../../../src/daemon/tracked.ts";
import { type RestoreEntry } from "../../../src/session/restore-registry.ts";
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
});
