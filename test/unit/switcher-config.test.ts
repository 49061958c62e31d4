import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseConfig } from "../../src/config/config.ts";

describe("config: switcher", () => {
  it("defaults to no annotations and no cap", () => {
    assert.deepEqual(parseConfig("", "c.yml").switcher, { annotations: [], annotationMaxWidth: null });
  });
  it("reads annotation commands and the cap", () => {
    const c = parseConfig("switcher:\n  annotations: [\"git branch --show-current\"]\n  annotationMaxWidth: 0\n", "c.yml");
    assert.deepEqual(c.switcher, { annotations: ["git branch --show-current"], annotationMaxWidth: 0 });
  });
  const bad: Array<[string, string, RegExp]> = [
    ["a command that is not a string", "switcher:\n  annotations: [{a: 1}]\n", /c\.yml:2:17: switcher\.annotations\[0\]: expected a shell command/],
    ["a negative cap", "switcher:\n  annotationMaxWidth: -1\n", /c\.yml:2:23: switcher\.annotationMaxWidth: expected a number from 0 to 1000/],
    ["a misspelt key", "switcher:\n  annotation: []\n", /switcher\.annotation: unknown key "annotation" \(did you mean annotations\?\)/],
  ];
  for (const [name, text, pattern] of bad) it(`rejects ${name}`, () => assert.throws(() => parseConfig(text, "c.yml"), pattern));
});
