import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { InboxItem } from "../../../src/core/ask.ts";
import { remoteArgs } from "../../../src/inbox/remote-act.ts";

describe("the inbox on another machine's item", () => {
  it("the inbox's actions on another machine's item become `answer` (the dialog's digest checked there) or `snooze`", () => {
    const item = { pane: "far:%3", host: "far", name: "far:x", ask: { dialog: "abc" } } as InboxItem;
    assert.deepEqual(remoteArgs({ kind: "answer", item, keys: ["1"], label: "1. Yes" }, "%3"), { verb: "answer", words: ["--dialog=abc", "--", "%3", "1"] });
    assert.deepEqual(remoteArgs({ kind: "reply", item, text: "-rf; 'quoted'\nline" }, "%3"), { verb: "answer", words: ["--dialog=abc", "--reply=-rf; 'quoted'\nline", "--", "%3"] });
    assert.deepEqual(remoteArgs({ kind: "snooze", item, on: true }, "%3"), { verb: "snooze", words: ["--on", "--", "%3"] });
  });
});
