import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { InboxItem } from "../../../src/core/ask.ts";
import type { Note } from "../../../src/daemon/notifier.ts";
import { HostAlerts } from "../../../src/hosts/alerts.ts";
import { emptySnapshot, type HostSnapshot } from "../../../src/hosts/snapshot.ts";

const item = (pane: string, extra: Partial<InboxItem> = {}): InboxItem => ({ pane, name: `n${pane}`, key: "", backend: "claude", account: "", state: "blocked", background: false, since: 1, snoozed: false, ask: null, ...extra });
const snap = (name: string, extra: Partial<HostSnapshot> = {}): HostSnapshot => ({ ...emptySnapshot(name), reachable: true, lastDataAt: 1, ...extra });

describe("notifications of other machines", () => {
  it("tells a remote session that comes to need the user, once, with its host; not what its first data held, nor a snoozed one", async () => {
    const told: Note[] = [];
    const alerts = new HostAlerts(async (note) => { told.push(note); });
    const ask = { kind: "permission" as const, summary: "Bash: make", text: [], options: ["Yes", "No"], dialog: "d1", source: "hook" as const, at: 1 };
    alerts.update(snap("far", { inbox: [item("%1")] }));
    assert.equal(told.length, 0, "already there when this machine first looked");
    alerts.update(snap("far", { inbox: [item("%1"), item("%2", { name: "api #1", ask }), item("%3", { snoozed: true }), item("%4", { state: "waiting" })] }));
    assert.deepEqual(told.map((n) => [n.pane, n.name, n.state]), [["far:%2", "far:api #1", "blocked"], ["far:%4", "far:n%4", "waiting"]]);
    assert.match(told[0]?.text ?? "", /far:api #1 .*Bash: make/);
    alerts.update(snap("far", { inbox: [item("%1"), item("%2", { name: "api #1", ask })] }));
    alerts.update(snap("far", { reachable: false, inbox: [] }));
    assert.equal(told.length, 2, "the same episodes are not told again; a link down tells nothing");
  });
});
