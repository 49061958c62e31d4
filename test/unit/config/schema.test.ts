import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { absent, bool, dict, expected, list, num, obj, oneOf, oneOfValues, section, str } from "../../../src/config/schema.ts";
import { validateYaml } from "../../../src/config/validate.ts";

describe("presence of a field", () => {
  it("an optional field is left out when absent; a default reads as its value; a required one is an error", () => {
    const s = section({ opt: str(), def: num().default(5), req: str("a name").required() });
    const { value, problems } = validateYaml("req: x\n", s);
    assert.deepEqual(problems, []);
    assert.deepEqual(value, { def: 5, req: "x" });
    assert.deepEqual(validateYaml("opt: y\n", s).problems.map((p) => p.message), ['missing key "req"']);
  });

  it("each absent read gets a fresh copy of a default, so changing one does not change the next", () => {
    const s = list(str()).default(["a"]);
    const first = absent(s) as string[];
    first.push("changed");
    assert.deepEqual(absent(s), ["a"]);
  });

  it("optional() drops a default, and null is a default meaning not set", () => {
    assert.equal(absent(num().default(3).optional()), undefined);
    assert.equal(absent(num().default(null)), null);
  });

  it("map() turns the value, composing with an earlier map, and drops a default given before it", () => {
    const s = str().map((v) => v.trim()).map((v) => v.toUpperCase());
    assert.equal(validateYaml("k: '  my #1 '\n", obj({ k: s })).value?.k, "MY #1");
    assert.equal(absent(str().default("x").map((v) => v)), undefined);
    assert.equal(validateYaml("", section({ k: str().map((v) => v).default("d") })).value?.k, "d");
  });

  it("a mapped value that is undefined is left out", () => {
    const s = obj({ k: str().map((v) => (v === "none" ? undefined : v)) });
    assert.deepEqual(validateYaml("k: none\n", s).value, {});
  });
});

describe("section", () => {
  it("its absence reads as the defaults of its fields, sections inside included", () => {
    const s = section({ display: section({ quota: bool.default(false) }), timeout: num(1).default(600), cmd: str() });
    assert.deepEqual(absent(s), { display: { quota: false }, timeout: 600 });
  });

  it("an obj() is absent when absent, a section() is not", () => {
    assert.equal(absent(obj({ a: num().default(1) })), undefined);
    assert.deepEqual(absent(section({ a: num().default(1) })), { a: 1 });
  });
});

describe("expected", () => {
  it("gives the words an error uses for each shape", () => {
    assert.deepEqual([
      expected(str()), expected(str("a shell command")), expected(bool),
      expected(num()), expected(num(1)), expected(num(undefined, 9)), expected(num(0, 1000)),
      expected(oneOfValues(["claude", "codex"])), expected(list(str("a shell command"))),
      expected(obj({ a: str(), b: bool })), expected(dict(str())), expected(dict(str(), ["x", "y"])),
      expected(oneOf([str(), num()], "a name or a number")),
    ], [
      "a string", "a shell command", "true or false",
      "a finite number", "a number >= 1", "a number <= 9", "a number from 0 to 1000",
      "one of claude, codex", "a list of shell commands",
      "a mapping with keys a, b", "a mapping", "a mapping with keys among x, y",
      "a name or a number",
    ]);
  });

  it("a list of words ending in y reads as a plural", () => {
    assert.equal(expected(list(str("a directory"))), "a list of directories");
  });
});
