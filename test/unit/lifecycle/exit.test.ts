import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { exitSession } from "../../../src/lifecycle/exit.ts";
import { sessionFromPane } from "../../../src/session/identity.ts";
import type { NamedSession } from "../../../src/session/store.ts";
import { PANE_FIELDS, type PaneRecord } from "../../../src/tmux/formats.ts";
import type { Tmux } from "../../../src/tmux/tmux.ts";

// A live session is handed to the daemon's exit chain (test/unit/lifecycle/exit-driver.test.ts, test/integration).

class FakeTmux {
  readonly killed: string[] = [];
  async killPane(pane: string): Promise<void> { this.killed.push(pane); }
}

function ended(values: Partial<PaneRecord>): NamedSession {
  const record = { ...(Object.fromEntries(Object.keys(PANE_FIELDS).map((k) => [k, ""])) as PaneRecord), pane: "%85", backend: "claude", dir: "/home/u/a b", dead: "1", ...values };
  const session = sessionFromPane(record);
  assert.ok(session);
  return { ...session, name: "a b" };
}

describe("agentmux exit of a session whose process ended", () => {
  it("one whose pane is kept open (to show why it ended) has its pane removed", async () => {
    const tmux = new FakeTmux();
    const answer = await exitSession(tmux as unknown as Tmux, ended({ window: "@7" }), false);
    assert.deepEqual(answer, { result: "closed", state: "its process had exited: the pane is removed", already: false });
    assert.deepEqual(tmux.killed, ["%85"]);
  });

  it("one whose pane is gone is closed already, and tmux is not asked", async () => {
    const tmux = new FakeTmux();
    const answer = await exitSession(tmux as unknown as Tmux, ended({ window: "" }), true);
    assert.deepEqual(answer, { result: "closed", state: "it had exited and its pane is gone", already: true });
    assert.deepEqual(tmux.killed, []);
  });
});
