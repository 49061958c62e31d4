import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rowsOf } from "../../../src/remote/actions.ts";
import { itemRows, lastLines, orderRows, rowsFrom, type Row } from "../../../src/remote/rows.ts";
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
