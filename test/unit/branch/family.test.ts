import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { familyTree, type Relative } from "../../../src/branch/family.ts";

const h = (id: string, parent?: string, startedAt = 0): Relative => ({ id, parent, startedAt, updatedAt: startedAt });
const shape = (rows: ReturnType<typeof familyTree>) => rows.map((r) => `${"  ".repeat(r.depth)}${r.current ? "*" : ""}${r.header ? r.id : `(${r.id} gone)`}`);

describe("family tree", () => {
  it("walks up to the root, then down through every descendant, siblings oldest first", () => {
    const headers = [h("root", undefined, 1), h("b", "root", 3), h("a", "root", 2), h("a1", "a", 4), h("other", undefined, 5)];
    assert.deepEqual(shape(familyTree(headers, "a1")), ["root", "  a", "    *a1", "  b"]);
  });
  it("a fork of a fork seen from the root", () => {
    assert.deepEqual(shape(familyTree([h("r"), h("f", "r", 1), h("ff", "f", 2)], "r")), ["*r", "  f", "    ff"]);
  });
  it("a deleted parent is shown as gone, its children under it", () => {
    assert.deepEqual(shape(familyTree([h("x", "lost", 1), h("y", "lost", 2)], "y")), ["(lost gone)", "  x", "  *y"]);
  });
  it("is safe on a cycle: each conversation once", () => {
    const rows = familyTree([h("a", "b"), h("b", "a"), h("c", "a")], "c");
    assert.deepEqual(rows.map((r) => r.id).sort(), ["a", "b", "c"]);
    assert.equal(rows.filter((r) => r.current).length, 1);
  });
  it("takes parents the files do not tell from what agentmux recorded (a fork's @agentmux-forked-from)", () => {
    assert.deepEqual(shape(familyTree([h("p", undefined, 1), h("f", undefined, 2)], "f", new Map([["f", "p"]]))), ["p", "  *f"]);
  });
  it("an unknown conversation has no family; one without relatives is alone", () => {
    assert.deepEqual(familyTree([h("a")], "zzz"), []);
    assert.deepEqual(shape(familyTree([h("a"), h("b")], "a")), ["*a"]);
  });
  it("a conversation that names itself as parent is a root", () => {
    assert.deepEqual(shape(familyTree([h("a", "a")], "a")), ["*a"]);
  });
});
