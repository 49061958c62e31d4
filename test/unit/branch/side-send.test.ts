import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { quoteDestination } from "../../../src/branch/side-send.ts";
import type { NamedSession } from "../../../src/session/store.ts";

const s = (pane: string, patch: Partial<NamedSession> = {}): NamedSession => ({
  pane, backend: "claude", account: "", dir: "/w", instance: "", id: "", tokenHash: "", label: "", group: "", forkedFrom: "", parent: "", side: "",
  launch: {}, state: "idle", background: false, stateSince: null, startedAt: 1000, dead: false, deadStatus: null, title: "", command: "", pid: null, tmuxSession: "s", window: "@1",
  windowIndex: "1", active: false, name: `n${pane}`, ...patch,
});

describe("send-selection: the other end", () => {
  const parent = s("%12");
  const side1 = s("%13", { side: "1", parent: "%12", startedAt: 2000 });
  const side2 = s("%14", { side: "1", parent: "%12", startedAt: 3000 });
  const alone = s("%20");
  const orphan = s("%21", { side: "1", parent: "%5" });

  it("from a side: its parent", () => assert.deepEqual(quoteDestination(side1, [parent, side1, side2]), { kind: "pane", to: parent }));
  it("from a parent: its newest side", () => assert.deepEqual(quoteDestination(parent, [parent, side1, side2]), { kind: "pane", to: side2 }));
  it("from a conversation without a side: a new side of it", () => assert.deepEqual(quoteDestination(alone, [alone, parent, side1]), { kind: "new-side", of: alone }));
  it("from a pane that is not a conversation: the open side; several to choose from; none is an error", () => {
    assert.deepEqual(quoteDestination(null, [parent, side1]), { kind: "pane", to: side1 });
    assert.deepEqual(quoteDestination(null, [parent, side1, side2]), { kind: "choose", among: [side2, side1] });
    assert.throws(() => quoteDestination(null, [parent]), /no side conversation is open/);
  });
  it("from a side whose parent is gone: an error saying so", () => assert.throws(() => quoteDestination(orphan, [orphan]), /no parent open/));
});
