import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { InboxItem } from "../../../src/core/ask.ts";
import { rowsOf } from "../../../src/remote/actions.ts";
import { hostRows, itemRows, lastLines, orderRows, rowsFrom, type Row } from "../../../src/remote/rows.ts";
import { emptySnapshot } from "../../../src/hosts/snapshot.ts";
import type { SessionRow } from "../../../src/session/json.ts";
import type { RosterEntry } from "../../../src/session/roster.ts";

const row = (pane: string, key: string, state: Row["state"], since: number): Row => ({ pane, name: pane, key, backend: "claude", account: "", state, glyph: "", background: false, since, snoozed: false, ask: null });

describe("the page's rows", () => {
  it("blocked first, then waiting, each the longest first, then the rest by key", () => {
    const rows = [row("%1", "a", "working", 1), row("%2", "b", "waiting", 50), row("%3", "c", "blocked", 90), row("%4", "d", "waiting", 10), row("%5", "e", "idle", 0), row("%12", "f", "blocked", 20)];
    assert.deepEqual(orderRows(rows).map((r) => r.pane), ["%12", "%3", "%4", "%2", "%1", "%5"]);
  });

  it("the daemon's state wins over the pane option's; exited and dead sessions are left out; the glyph follows the state", () => {
    const entry = (pane: string, state: RosterEntry["state"], dead = false) => ({ pane, name: `web:${pane}`, key: pane.slice(1), backend: "claude", account: "work", state, stateSince: 5, dead, background: false, snoozed: false, ask: null }) as unknown as RosterEntry;
    const rows = rowsFrom([entry("%1", "working"), entry("%2", "idle"), entry("%3", "idle", true)], (p) => (p === "%1" ? { state: "blocked", since: 7.4, background: false } : p === "%2" ? { state: "exited", since: 9, background: false } : undefined));
    assert.deepEqual(rows.map((r) => [r.pane, r.state, r.glyph, r.since, r.account]), [["%1", "blocked", "⚠", 7, "work"]]);
  });

  it("each row's ask carries the keys that pick each option, for the page's option buttons", () => {
    const ask = (options: string[], keys?: string[][]) => ({ kind: "permission", summary: "s", text: [], options, ...(keys ? { keys } : {}), dialog: "d", source: "screen", at: 1 });
    const entry = (pane: string, a: unknown) => ({ pane, name: pane, key: "", backend: "claude", account: "", state: "blocked", stateSince: 5, dead: false, background: false, snoozed: false, ask: a }) as unknown as RosterEntry;
    const rows = rowsFrom([entry("%11", ask(["Yes", "No"])), entry("%12", ask(["Yes, proceed (y)", "No (esc)"])), entry("%13", ask(["Approve", "Deny"], [["y"], ["n"]])), entry("%14", null)], () => undefined);
    assert.deepEqual(rows.map((r) => r.ask?.keys ?? null), [[["1"], ["2"]], [["y"], ["Escape"]], [["y"], ["n"]], null]);
  });

  it("another machine's sessions: HOST:PANE, HOST:name and what its inbox asks; a host down keeps its rows, unreachable, asking nothing, last", () => {
    const session = (pane: string, state: SessionRow["state"]) => ({ pane, name: `s${pane}`, backend: "codex", account: null, state, background: false, stateSince: 1_000 }) as SessionRow;
    const ask = { kind: "permission" as const, summary: "Bash: make", text: [], options: ["Yes", "No"], dialog: "d", source: "screen" as const, at: 1 };
    const item = (pane: string) => ({ pane, ask, snoozed: false }) as unknown as InboxItem;
    const up = { ...emptySnapshot("far"), reachable: true, lastDataAt: 9_000, sessions: [session("%3", "blocked"), session("%4", "exited")], inbox: [item("%3")] };
    const down = { ...emptySnapshot("gpu"), reachable: false, lastDataAt: 5_000.4, sessions: [session("%1", "blocked"), session("%2", "working")], inbox: [item("%1")] };
    const rows = hostRows([down, up]);
    assert.deepEqual(rows.map((r) => [r.pane, r.name, r.state, r.unreachable, r.ask?.summary ?? null]), [
      ["gpu:%1", "gpu:s%1", "blocked", 5_000, null],
      ["gpu:%2", "gpu:s%2", "working", 5_000, null],
      ["far:%3", "far:s%3", "blocked", undefined, "Bash: make"],
    ]);
    assert.ok(!("unreachable" in (rows[2] ?? {})), "a reachable host's row has no unreachable field");
    assert.deepEqual(orderRows([...rows, row("%7", "a", "idle", 0)]).map((r) => r.pane), ["far:%3", "%7", "gpu:%1", "gpu:%2"]);
  });

  it("the last lines of a capture, trailing blank lines dropped", () => {
    assert.deepEqual(lastLines("a\nb  \nc\n\n\n", 2), ["b", "c"]);
    assert.deepEqual(lastLines("one\n", 40), ["one"]);
  });

  it("lists an item that is no session's (a chief nudge) as a waiting row with its words", () => {
    const ask = { kind: "answer" as const, summary: "Nudge: Call Ana", text: ["Call Ana"], options: [], dialog: "", source: "transcript" as const, at: 5 };
    const [row] = itemRows([{ pane: "chief", name: "chief", key: "", backend: "claude", account: "", state: "waiting", background: false, since: 5, snoozed: false, ask }]);
    assert.deepEqual(row, { pane: "chief", name: "chief", key: "", backend: "claude", account: "", state: "waiting", glyph: "●", background: false, since: 5, snoozed: false, ask });
  });

  it("the page's list carries the daemon's items that are no session's, ordered with the sessions", () => {
    const ask = { kind: "answer" as const, summary: "Nudge: Call Ana", text: ["Call Ana"], options: [], dialog: "", source: "transcript" as const, at: 5 };
    const port = { tracked: new Map(), extra: () => [{ pane: "chief", name: "chief", key: "", backend: "claude", account: "", state: "waiting" as const, background: false, since: 5, snoozed: false, ask }] };
    assert.deepEqual(rowsOf(port as never, []).map((r) => [r.pane, r.state]), [["chief", "waiting"]]);
  });
});
