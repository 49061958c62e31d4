import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { assignKeys, KEY_SEQUENCE } from "../../../src/session/keys.ts";

describe("switcher keys", () => {
  it("start on the home row and never hand out q or /", () => {
    assert.deepEqual(KEY_SEQUENCE.slice(0, 9), [..."asdfghjkl"]);
    assert.ok(!KEY_SEQUENCE.includes("q" as never) && !KEY_SEQUENCE.includes("/" as never));
    assert.equal(new Set(KEY_SEQUENCE).size, KEY_SEQUENCE.length);
  });
  const cases: Array<[string, Array<[string, string]>, Record<string, string>, Record<string, string>]> = [
    ["new sessions take the first free keys, oldest pane first", [["%10", ""], ["%2", ""]], { "%2": "a", "%10": "s" }, { "%2": "a", "%10": "s" }],
    ["a session keeps its key when an older one ends", [["%3", "s"], ["%4", ""]], { "%3": "s", "%4": "a" }, { "%4": "a" }],
    ["keys held are kept whatever the order", [["%1", "d"], ["%2", "a"], ["%3", ""]], { "%1": "d", "%2": "a", "%3": "s" }, { "%3": "s" }],
    ["a duplicate goes to the older pane; the newer gets a new key", [["%5", "a"], ["%2", "a"]], { "%2": "a", "%5": "s" }, { "%5": "s" }],
    ["a key that is not in the sequence is replaced", [["%1", "q"]], { "%1": "a" }, { "%1": "a" }],
  ];
  for (const [what, sessions, keys, assigned] of cases) {
    it(what, () => {
      const result = assignKeys(sessions.map(([pane, key]) => ({ pane, key })));
      assert.deepEqual(Object.fromEntries(result.keys), keys);
      assert.deepEqual(Object.fromEntries(result.assigned), assigned);
    });
  }
  it("are stable for a session's life: assigning again changes nothing", () => {
    const first = assignKeys([{ pane: "%1", key: "" }, { pane: "%2", key: "" }, { pane: "%3", key: "" }]);
    const again = assignKeys([...first.keys].filter(([p]) => p !== "%1").map(([pane, key]) => ({ pane, key })).concat([{ pane: "%9", key: "" }]));
    assert.deepEqual(Object.fromEntries(again.keys), { "%2": "s", "%3": "d", "%9": "a" });
  });
  it("run out quietly: later sessions get no key", () => {
    const many = Array.from({ length: KEY_SEQUENCE.length + 2 }, (_, i) => ({ pane: `%${i}`, key: "" }));
    const { keys } = assignKeys(many);
    assert.equal(keys.get(`%${KEY_SEQUENCE.length + 1}`), "");
  });
});
