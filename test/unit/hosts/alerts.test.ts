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
    const alerts = new HostAlerts(async (note) => { told.push(note); }, 0);
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

  it("a dialog read from the remote screen waits for the hook's words; without them it is told when the wait ends", async () => {
    const told: Note[] = [];
    let now = 1000;
    const alerts = new HostAlerts(async (note) => { told.push(note); }, 2000, () => now);
    const screen = { kind: "dialog" as const, summary: "Do you want to proceed?", text: [], options: ["Yes", "No"], dialog: "d1", source: "screen" as const, at: 1 };
    const hook = { ...screen, kind: "permission" as const, summary: "Bash: git push", source: "hook" as const };
    alerts.update(snap("far"));
    alerts.update(snap("far", { inbox: [item("%12", { ask: screen })] }));
    alerts.update(snap("far", { inbox: [item("%12", { ask: null }), item("%13", { ask: screen })] }));
    assert.equal(told.length, 0, "neither says yet what it asks");
    now += 500;
    alerts.update(snap("far", { inbox: [item("%12", { ask: hook }), item("%13", { ask: screen })] }));
    assert.deepEqual(told.map((n) => n.pane), ["far:%12"]);
    assert.match(told[0]?.text ?? "", /asks permission.*Bash: git push/);
    now += 1500;
    alerts.update(snap("far", { inbox: [item("%12", { ask: hook }), item("%13", { ask: screen })] }));
    assert.deepEqual(told.map((n) => n.pane), ["far:%12", "far:%13"], "the wait over, the screen's words go");
    assert.equal(told.length, 2);
  });

  it("an episode still waiting for words is told when its wait ends, with no new data from the host", async () => {
    const told: Note[] = [];
    const alerts = new HostAlerts(async (note) => { told.push(note); }, 30);
    alerts.update(snap("far"));
    alerts.update(snap("far", { inbox: [item("%21", { state: "waiting" })] }));
    assert.equal(told.length, 0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.deepEqual(told.map((n) => [n.pane, n.state]), [["far:%21", "waiting"]]);
  });
});
