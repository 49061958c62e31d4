import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { InboxItem } from "../../../src/core/ask.ts";
import { hostCounts } from "../../../src/hosts/segment.ts";
import { emptySnapshot, type HostSnapshot } from "../../../src/hosts/snapshot.ts";
import type { SessionRow } from "../../../src/session/json.ts";

const item = (pane: string, extra: Partial<InboxItem> = {}): InboxItem => ({ pane, name: `n${pane}`, key: "", backend: "claude", account: "", state: "blocked", background: false, since: 1, snoozed: false, ask: null, ...extra });
const row = (pane: string, state: SessionRow["state"], background = false) => ({ pane, state, background }) as SessionRow;
const snap = (name: string, extra: Partial<HostSnapshot> = {}): HostSnapshot => ({ ...emptySnapshot(name), reachable: true, lastDataAt: 1, ...extra });

describe("other machines in the status segment", () => {
  it("the segment counts the reachable hosts' sessions (not a snoozed one) and marks a host down once its link failed", () => {
    const counts = hostCounts([
      snap("far", { sessions: [row("%1", "blocked"), row("%2", "working"), row("%3", "waiting", true), row("%4", null), row("%5", "blocked")], inbox: [item("%5", { snoozed: true })] }),
      snap("gpu", { reachable: false, error: "gpu: host unreachable", sessions: [row("%1", "blocked")] }),
      snap("new", { reachable: false, error: null }),
    ]);
    assert.deepEqual(counts.machines, [{ state: "blocked", background: false }, { state: "working", background: false }, { state: "waiting", background: true }]);
    assert.deepEqual(counts.down, ["gpu"]);
  });
});
