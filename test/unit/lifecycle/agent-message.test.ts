import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { agentHeader, messageRef, unrecordedError, waitForRecord, withHeader } from "../../../src/lifecycle/agent-message.ts";
import type { HistoryPlace } from "../../../src/backends/shared/types.ts";
import { EXIT } from "../../../src/util/errors.ts";

const place: HistoryPlace = { dir: "/w", since: null, env: {} };

/** A recipient's records that hold the message only from `recordsAt` ms on (never with null), on a clock the test moves. */
function fakeRecords(recordsAt: number | null) {
  let clock = 0;
  const calls: string[] = [];
  const history = {
    hasUserText: (_id: string, _place: HistoryPlace, text: string) => { calls.push(text); return recordsAt !== null && clock >= recordsAt; },
    turns: () => [],
  } as never;
  return { records: { history, id: "conv-1", place }, calls, now: () => clock, sleep: async (ms: number) => { clock += ms; } };
}

describe("agentHeader: the line before another agent's message", () => {
  it("names the sending session and its pane, says the user did not type it, how to answer, and the reference", () => {
    const header = agentHeader({ name: "my \"app\" #1 %x ü", pane: "%12" }, "a1b2c3");
    assert.match(header, /^\[agentmux a1b2c3\] Message from another agent session, the agent session "my "app" #1 %x ü" \(pane %12\)/u);
    assert.match(header, /the user did not type it/u);
    assert.match(header, /agentmux send --from-agent %12 TEXT/u);
    assert.ok(!header.includes("\n"));
  });

  it("a sender outside agentmux is named so; a name's line breaks and control characters become spaces", () => {
    assert.match(agentHeader(null, "ff00"), /from another agent session, an agent outside agentmux, .*the user did not type it\.$/u);
    assert.ok(!agentHeader(null, "ff00").includes("to answer"));
    const header = agentHeader({ name: "two\nlines\x1b[31m", pane: "%3" }, "r");
    assert.ok(!/[\n\x1b]/u.test(header), header);
    assert.match(header, /"two lines \[31m"/u);
  });

  it("each message gets its own reference; the message is the header, an empty line and the text", () => {
    assert.notEqual(messageRef(), messageRef());
    assert.match(messageRef(), /^[0-9a-f]{12}$/u);
    assert.equal(withHeader("H", "line one\nline two"), "H\n\nline one\nline two");
  });
});

describe("waitForRecord: the delivery check", () => {
  it("answers true once the recipient's records hold the header, looking for exactly it", async () => {
    const fake = fakeRecords(1000);
    assert.equal(await waitForRecord(fake.records, "[agentmux x] header", { timeoutMs: 5000, intervalMs: 250, sleep: fake.sleep, now: fake.now }), true);
    assert.equal(fake.now(), 1000);
    assert.ok(fake.calls.every((c) => c === "[agentmux x] header"));
    assert.equal(fake.calls.length, 5);
  });

  it("answers false when the records never show it within the timeout (checked once more at the end)", async () => {
    const fake = fakeRecords(null);
    assert.equal(await waitForRecord(fake.records, "h", { timeoutMs: 1000, intervalMs: 300, sleep: fake.sleep, now: fake.now }), false);
    assert.equal(fake.now(), 1000);
    assert.equal(fake.calls.length, 5);
  });

  it("a message recorded at once needs no wait", async () => {
    const fake = fakeRecords(0);
    assert.equal(await waitForRecord(fake.records, "h", { timeoutMs: 1000, sleep: fake.sleep, now: fake.now }), true);
    assert.equal(fake.now(), 0);
  });

  it("the real clock: a record that appears after a delay is seen; the time-out error names the recipient and the transcript", async () => {
    let recorded = false;
    setTimeout(() => { recorded = true; }, 120);
    const records = { history: { hasUserText: () => recorded } as never, id: "c", place };
    assert.equal(await waitForRecord(records, "h", { timeoutMs: 3000, intervalMs: 20 }), true);
    const error = unrecordedError({ name: "build #1", pane: "%14" }, "Claude Code", 5);
    assert.match(error.oneLine(), /build #1 \(%14\).*Claude Code transcript never recorded it within 5 s/u);
    assert.equal(error.exitCode, EXIT.timeout);
  });
});
