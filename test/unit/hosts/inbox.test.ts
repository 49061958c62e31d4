import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { InboxItem } from "../../../src/core/ask.ts";
import { remoteInboxItems } from "../../../src/hosts/inbox.ts";
import { emptySnapshot, type HostSnapshot } from "../../../src/hosts/snapshot.ts";

const item = (pane: string, extra: Partial<InboxItem> = {}): InboxItem => ({ pane, name: `n${pane}`, key: "", backend: "claude", account: "", state: "blocked", background: false, since: 1, snoozed: false, ask: null, ...extra });
const snap = (name: string, extra: Partial<HostSnapshot> = {}): HostSnapshot => ({ ...emptySnapshot(name), reachable: true, lastDataAt: 1, ...extra });

describe("other machines in the inbox", () => {
  it("the inbox takes the reachable hosts' items as HOST:PANE with the host in the name; a host that is down gives none", () => {
    const items = remoteInboxItems([snap("far", { inbox: [item("%3")] }), snap("gpu", { reachable: false, inbox: [item("%4")] })]);
    assert.deepEqual(items.map((i) => [i.pane, i.name, i.host]), [["far:%3", "far:n%3", "far"]]);
  });
});
