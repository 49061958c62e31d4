import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { formatRow, hasRelatives, oneLine, rowJson, type ConversationRow } from "../../../src/lifecycle/conversation-rows.ts";

const row = (over: Partial<ConversationRow> = {}): ConversationRow => ({
  id: "abc", backend: "claude", account: "", dir: "/src/my dir #1", firstPrompt: "fix the\nbug", time: 1_000_000, livePane: null, current: false, depth: 0, gone: false, ...over,
});

describe("conversation rows", () => {
  it("show the first prompt on one line, the age, the directory, live or past", () => {
    assert.equal(formatRow(row(), 1_000_000 + 120_000), "fix the bug  ·  2m ago  ·  /src/my dir #1  ·  past");
    assert.equal(formatRow(row({ livePane: "%12", current: true, depth: 2, account: "work" }), 1_000_000), "    * fix the bug  ·  0s ago  ·  /src/my dir #1  ·  live %12  ·  account work");
    assert.equal(formatRow(row({ firstPrompt: "" }), 1_000_000, { showBackend: true }), "(no prompt yet)  ·  0s ago  ·  /src/my dir #1  ·  past  ·  claude");
  });
  it("a gone ancestor shows its id", () => {
    assert.equal(formatRow(row({ gone: true, depth: 1, time: null }), 0), "  (gone) abc");
  });
  it("cuts a long prompt by characters, unicode whole", () => {
    const cut = oneLine("é".repeat(100), 10);
    assert.equal([...cut].length, 10);
    assert.ok(cut.endsWith("…"));
  });
  it("has relatives only with another conversation that is not gone", () => {
    assert.equal(hasRelatives([row({ current: true })]), false);
    assert.equal(hasRelatives([row({ current: true }), row({ id: "p", gone: true })]), false);
    assert.equal(hasRelatives([row({ current: true }), row({ id: "p" })]), true);
  });
  it("JSON keeps the fields and marks live", () => {
    const json = rowJson(row({ livePane: "%3", current: true }));
    assert.equal(json["live"], true);
    assert.equal(json["pane"], "%3");
    assert.equal(json["current"], true);
    assert.equal(json["account"], null);
    assert.equal(json["time"], new Date(1_000_000).toISOString());
  });
});
