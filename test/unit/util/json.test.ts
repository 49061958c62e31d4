import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { detectIndent, isJsonObject, jsonErrorPlace, parseJsonLine, stableStringify } from "../../../src/util/json.ts";

describe("isJsonObject", () => {
  it("is true for plain objects only, not arrays or null", () => {
    assert.deepEqual([{}, { a: 1 }, [], null, "x", 1, undefined].map(isJsonObject), [true, true, false, false, false, false, false]);
  });
});

describe("stableStringify", () => {
  it("gives the same text whatever the key order, nested objects included", () => {
    const a = { hooks: { Stop: [{ b: 2, a: 1 }], PreToolUse: [] }, "name #1": "ünï \"q\"" };
    const b = { "name #1": "ünï \"q\"", hooks: { PreToolUse: [], Stop: [{ a: 1, b: 2 }] } };
    assert.equal(stableStringify(a), stableStringify(b));
    assert.equal(stableStringify(a), "{\"hooks\":{\"PreToolUse\":[],\"Stop\":[{\"a\":1,\"b\":2}]},\"name #1\":\"ünï \\\"q\\\"\"}");
  });

  it("keeps array order, leaves out undefined keys and writes undefined in arrays as null, as JSON does", () => {
    assert.equal(stableStringify([3, 1, { z: undefined, y: null }, undefined]), "[3,1,{\"y\":null},null]");
    assert.equal(stableStringify(undefined), "null");
  });
});

describe("detectIndent", () => {
  it("is the first indented line's indentation, or two spaces", () => {
    assert.equal(detectIndent("{\n    \"a\": 1\n}"), "    ");
    assert.equal(detectIndent("{\n\t\"a\": [\n\t\t1\n\t]\n}"), "\t");
    assert.equal(detectIndent("{\"a\":1}"), "  ");
  });
  it("skips an indented line that neither starts a key nor closes a bracket", () => {
    assert.equal(detectIndent("{\n   text\n \"a\": 1\n}"), " ");
  });
});

describe("jsonErrorPlace", () => {
  const placeOf = (text: string) => {
    try { JSON.parse(text); } catch (error) { return jsonErrorPlace(text, error); }
    assert.fail("parsed");
  };
  it("turns JSON.parse's position into :line:column", () => {
    assert.equal(placeOf("{\n  \"a\": 1,\n  }"), ":3:3");
    assert.equal(placeOf("{\"a\":1"), ":1:7");
  });
  it("is empty when the error gives no position", () => {
    assert.equal(jsonErrorPlace("", new SyntaxError("Unexpected end of JSON input")), "");
    assert.equal(jsonErrorPlace("x", "not an error"), "");
  });
});

describe("one line of a JSON-lines file", () => {
  it("an object, or null for a torn line, a non-object and garbage", () => {
    assert.deepEqual(parseJsonLine('{"type":"user","n":1}'), { type: "user", n: 1 });
    assert.equal(parseJsonLine('{"type":"us'), null);
    assert.equal(parseJsonLine("[1,2]"), null);
    assert.equal(parseJsonLine("42"), null);
    assert.equal(parseJsonLine("\u0000 garbage"), null);
  });
});
