import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { MAX_OUTPUT_TEXT, onLocalClock, parseStreamLine } from "../../../src/hosts/snapshot.ts";

const row = (extra: Record<string, unknown> = {}) => ({ pane: "%12", name: "api #1", backend: "claude", account: null, dir: "/w", instance: null, id: "abc", state: "waiting", background: false, stateSince: 1_000, age: 5, group: null, parent: null, forkedFrom: null, side: false, title: "", exitStatus: null, stateAge: 2, startedAt: 500, ...extra });

describe("a host's stream lines", () => {
  it("reads hello, feed, alive and error lines; anything else is skipped, never fatal", () => {
    assert.deepEqual(parseStreamLine('{"type":"hello","protocol":1,"version":"0.1.0"}'), { type: "hello", protocol: 1, version: "0.1.0", features: [] }, "an older stream names no features");
    assert.deepEqual(parseStreamLine('{"type":"hello","protocol":1,"version":"0.2.0","features":["output",7]}'), { type: "hello", protocol: 1, version: "0.2.0", features: ["output"] });
    assert.deepEqual(parseStreamLine('{"type":"alive","now":5}'), { type: "alive", now: 5 });
    assert.deepEqual(parseStreamLine('{"type":"error","error":"no server running","hint":"start tmux"}'), { type: "error", error: "no server running", hint: "start tmux" });
    for (const bad of ["", "not json", "[1]", '{"type":"feed"}', '{"type":"hello"}', '{"type":"other"}', '{"type":"alive","now":-1}']) assert.equal(parseStreamLine(bad), null, bad);
    const feed = parseStreamLine(JSON.stringify({ type: "feed", now: 9, sessions: [row()], inbox: [] }));
    assert.equal(feed?.type, "feed");
    assert.deepEqual(feed?.type === "feed" ? feed.sessions : null, [row()]);
  });

  it("an output line: its pane a pane id, its text a string whose end is kept past 256 KiB; output-ended names a pane id", () => {
    assert.deepEqual(parseStreamLine(JSON.stringify({ type: "output", pane: "%4", text: "a\nb" })), { type: "output", pane: "%4", text: "a\nb" });
    const long = parseStreamLine(JSON.stringify({ type: "output", pane: "%4", text: `${"x".repeat(300 * 1024)}END` }));
    assert.equal(long?.type === "output" ? long.text.length : 0, MAX_OUTPUT_TEXT);
    assert.ok(long?.type === "output" && long.text.endsWith("END"), "the end of the screen is what is kept");
    for (const bad of [{ type: "output", pane: "%4; rm", text: "" }, { type: "output", pane: "4", text: "" }, { type: "output", pane: "%4", text: 5 }, { type: "output-ended", pane: "../x" }]) assert.equal(parseStreamLine(JSON.stringify(bad)), null, JSON.stringify(bad));
    assert.deepEqual(parseStreamLine('{"type":"output-ended","pane":"%4"}'), { type: "output-ended", pane: "%4", why: null });
  });

  it("holds what another machine sends to the shape of a row: a bad pane or state is dropped, texts bounded", () => {
    const feed = parseStreamLine(JSON.stringify({ type: "feed", now: 9, inbox: [{ pane: "%1", state: "blocked", name: "x", ask: null }, { pane: "1", state: "blocked" }], sessions: [
      row(), row({ pane: "%1; rm -rf /" }), row({ pane: "%2", state: "hacked" }), row({ pane: "%3", name: "n".repeat(10_000) }), "junk", null,
    ] }));
    assert.ok(feed?.type === "feed");
    assert.deepEqual(feed.sessions.map((s) => [s.pane, s.state]), [["%12", "waiting"], ["%2", null], ["%3", "waiting"]]);
    assert.equal(feed.sessions[2]?.name.length, 4096);
    assert.deepEqual(feed.inbox.map((i) => i.pane), ["%1"]);
  });

  it("moves a feed's times onto this machine's clock: the remote's now is when it arrived", () => {
    const feed = parseStreamLine(JSON.stringify({ type: "feed", now: 10_000, sessions: [row({ stateSince: 9_000, startedAt: null })], inbox: [{ pane: "%12", state: "waiting", since: 9_500 }] }));
    assert.ok(feed?.type === "feed");
    const local = onLocalClock(feed, 50_000);
    assert.equal(local.sessions[0]?.stateSince, 49_000);
    assert.equal(local.sessions[0]?.startedAt, null);
    assert.equal(local.inbox[0]?.since, 49_500);
  });

  it("an Ask from another machine is checked and its texts bounded", () => {
    const line = JSON.stringify({ type: "feed", now: 1, sessions: [], inbox: [
      { pane: "%1", state: "blocked", ask: { kind: "permission", summary: "s".repeat(9000), text: Array(100).fill("t"), options: ["Yes", 7], dialog: "d" } },
      { pane: "%2", state: "blocked", ask: { kind: "evil" } },
    ] });
    const feed = parseStreamLine(line);
    assert.ok(feed?.type === "feed");
    const [first, second] = feed.inbox;
    assert.equal(first?.ask?.summary.length, 4096);
    assert.equal(first?.ask?.text.length, 40);
    assert.deepEqual(first?.ask?.options, ["Yes"]);
    assert.equal(second?.ask, null);
  });
});
