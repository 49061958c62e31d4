import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { emptySnapshot } from "../../../src/hosts/snapshot.ts";
import type { SessionRow } from "../../../src/session/json.ts";
import { hostRows } from "../../../src/switcher/host-rows.ts";

const session = (pane: string, state: SessionRow["state"], extra: Partial<SessionRow> = {}) => ({ pane, name: `s${pane}`, backend: "claude", account: null, state, background: false, stateSince: 1_000, ...extra }) as SessionRow;

describe("other machines' sessions as switcher rows", () => {
  it("HOST:PANE, no key, the state's tone and what it asks; exited ones left out", () => {
    const ask = { kind: "permission" as const, summary: "Bash:\nmake", text: [], options: [], dialog: "d", source: "hook" as const, at: 1 };
    const rows = hostRows([{ ...emptySnapshot("far"), reachable: true, lastDataAt: 5_000, sessions: [session("%3", "blocked", { name: "api\x1b[2J" }), session("%4", "exited"), session("%5", "waiting")],
      inbox: [{ pane: "%3", name: "api", key: "", backend: "claude", account: "", state: "blocked", background: false, since: 1, snoozed: false, ask }, { pane: "%5", name: "x", key: "", backend: "claude", account: "", state: "waiting", background: false, since: 1, snoozed: true, ask: null }] }], 61_000);
    assert.deepEqual(rows.map((r) => [r.pane, r.key, r.tone, r.host, r.stale]), [["far:%3", "", "blocked", "far", false], ["far:%5", "", "snoozed", "far", false]]);
    assert.equal(rows[0]?.name, "api [2J", "control bytes never reach the frame");
    assert.equal(rows[0]?.wants, "Bash: make");
    assert.equal(rows[0]?.age, "1m");
  });

  it("a host that is down: its sessions greyed, the age of the data said, never shown as current", () => {
    const [row] = hostRows([{ ...emptySnapshot("gpu"), reachable: false, lastDataAt: 0, sessions: [session("%1", "working")] }], 180_000);
    assert.equal(row?.tone, "unknown");
    assert.equal(row?.stale, true);
    assert.equal(row?.age, "");
    assert.equal(row?.status, "unreachable, data 3m old");
  });
});
