import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { sessionLabel } from "../../../src/daemon/labels.ts";
import { trackedFromPane } from "../../../src/daemon/tracked.ts";
import type { PaneRecord } from "../../../src/tmux/formats.ts";

describe("notifications name the session as list does", () => {
  const session = (pane: string, dir: string, instance = "") => trackedFromPane({ pane, backend: "claude", dir, instance, label: "", token: "", id: "", state: "idle" } as unknown as PaneRecord);
  it("two sessions in one directory are told apart; a lone one is just its directory", () => {
    const a = session("%13", "/r/web");
    const b = session("%15", "/r/web");
    const c = session("%17", "/r/api");
    assert.equal(sessionLabel(a, [a, b, c]), "web:%13");
    assert.equal(sessionLabel(b, [a, b, c]), "web:%15");
    assert.equal(sessionLabel(c, [a, b, c]), "api");
    assert.equal(sessionLabel(session("%19", "/r/web", "review"), [a, session("%19", "/r/web", "review")]), "web:review");
  });

  it("an exited session whose pane is still open counts, as list counts it; one whose pane closed does not", () => {
    const a = session("%13", "/r/web");
    const b = session("%15", "/r/web");
    b.machine = { ...b.machine, state: "exited" };
    assert.equal(sessionLabel(a, [a, b]), "web:%13");
    b.gone = true;
    assert.equal(sessionLabel(a, [a, b]), "web");
  });
});
