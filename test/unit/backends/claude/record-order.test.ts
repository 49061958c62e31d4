import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { inConversationOrder, parentsFirst } from "../../../../src/backends/claude/record-order.ts";

const rec = (uuid: string | undefined, parentUuid: string | null | undefined, type = "x") => ({ type, ...(uuid === undefined ? {} : { uuid }), ...(parentUuid === undefined ? {} : { parentUuid }) });
const order = (records: Record<string, unknown>[]) => inConversationOrder(records).map((r) => (r["uuid"] as string | undefined) ?? `(${String(r["type"])})`);

describe("parentsFirst / inConversationOrder", () => {
  it("a file in order comes back unchanged, records without a uuid in place", () => {
    const records = [rec(undefined, undefined, "mode"), rec("u1", null), rec("a1", "u1"), rec(undefined, undefined, "last-prompt"), rec("u2", "a1"), rec("a2", "u2")];
    assert.deepEqual(order(records), ["(mode)", "u1", "a1", "(last-prompt)", "u2", "a2"]);
  });

  it("an answer flushed before its prompt (the shape Claude Code wrote under load) follows the prompt's chain", () => {
    // mode, assistant (parent: the second attachment), snapshot, user, attachment, attachment, system.
    const records = [rec(undefined, undefined, "mode"), rec("asst", "att2"), rec(undefined, undefined, "snapshot"), rec("user", null), rec("att1", "user"), rec("att2", "att1"), rec("sys", "asst")];
    assert.deepEqual(order(records), ["(mode)", "(snapshot)", "user", "att1", "att2", "asst", "sys"]);
  });

  it("several early children of one parent keep their file order after it; a chain of them too", () => {
    const records = [rec("c1", "p"), rec("g1", "c1"), rec("c2", "p"), rec("p", null), rec("d", "c2")];
    assert.deepEqual(order(records), ["p", "c1", "g1", "c2", "d"]);
  });

  it("a child of a record that is not in the file, or of one before it, keeps its place; a repeated uuid does not lose a record", () => {
    const records = [rec("a", "gone"), rec("b", "a"), rec("a", "b"), rec("c", "a")];
    assert.deepEqual(order(records), ["a", "b", "a", "c"]);
    assert.equal(parentsFirst([], () => undefined, () => undefined).length, 0);
  });

  it("records whose parents name each other (a damaged file) are kept, after the rest, in file order", () => {
    const records = [rec("x", "y"), rec("u", null), rec("y", "x"), rec("self", "self"), rec("a", "u")];
    assert.deepEqual(order(records), ["u", "a", "x", "y", "self"]);
  });
});
