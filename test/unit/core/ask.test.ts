import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { optionKey, optionKeys, parseAsk } from "../../../src/core/ask.ts";

describe("an Ask", () => {
  it("is read back from its pane option with the keys of its choices; keys that do not fit its options are dropped", () => {
    const base = { kind: "permission", summary: "run it?", text: ["run it?"], options: ["Approve", "Deny"], dialog: "d", source: "screen", at: 3 };
    assert.deepEqual(parseAsk(JSON.stringify({ ...base, keys: [["y"], ["n"]] }))?.keys, [["y"], ["n"]]);
    assert.equal(parseAsk(JSON.stringify({ ...base, keys: [["y"]] }))?.keys, undefined, "one key list for two options");
    assert.equal(parseAsk(JSON.stringify({ ...base, keys: [["y"], []] }))?.keys, undefined, "an option without keys");
    assert.equal(parseAsk(JSON.stringify(base))?.keys, undefined);
  });

  it("an option is picked with the keys its dialog gave, else its shortcut, else its number", () => {
    assert.deepEqual(optionKeys({ options: ["Approve", "Deny"], keys: [["y"], ["n"]] }), [["y"], ["n"]]);
    assert.deepEqual(optionKeys({ options: ["Yes, proceed (y)", "No, tell Codex (esc)", "Yes"] }), [["y"], ["Escape"], ["3"]]);
    assert.equal(optionKey("Always (shift+tab)", 2), "2");
  });
});
