import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { displayNames } from "../../../src/session/display-name.ts";

const s = (pane: string, dir: string, instance = "", backend = "claude", label = "") => ({ pane, dir, instance, backend, label });

describe("display names", () => {
  const rows: Array<[string, ReturnType<typeof s>[], Record<string, string>, boolean?]> = [
    ["project directory name", [s("%1", "/r/api")], { "%1": "api" }],
    ["trailing slash", [s("%1", "/r/api/")], { "%1": "api" }],
    ["instance always shown", [s("%1", "/r/api", "review")], { "%1": "api:review" }],
    ["shared directory: instance or pane id", [s("%1", "/r/api", "a"), s("%2", "/r/api")], { "%1": "api:a", "%2": "api:%2" }],
    ["same name, other dirs", [s("%1", "/r/api"), s("%2", "/s/api")], { "%1": "api", "%2": "api" }],
    ["backend suffix", [s("%1", "/r/api", "", "codex")], { "%1": "api@codex" }, true],
    ["rename wins", [s("%1", "/r/api", "a", "claude", "boss")], { "%1": "boss" }],
  ];
  for (const [name, input, expected, suffix] of rows) {
    it(name, () => assert.deepEqual(Object.fromEntries(displayNames(input, { backendSuffix: suffix ?? false })), expected));
  }
});

describe("side conversations' names", () => {
  it("end in ' [side]', derived or renamed, never twice", () => {
    const names = displayNames([
      { ...s("%12", "/r/my app #1"), side: "" }, { ...s("%14", "/r/my app #1", "side-101112"), side: "1" },
      { ...s("%15", "/r/api", "", "claude", "why slow?"), side: "1" }, { ...s("%16", "/r/api", "", "claude", "asked [side]"), side: "1" },
    ]);
    assert.deepEqual(Object.fromEntries(names), { "%12": "my app #1:%12", "%14": "my app #1:side-101112 [side]", "%15": "why slow? [side]", "%16": "asked [side]" });
  });
});
