import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { dismissChoice } from "../../../src/branch/side-dismiss.ts";

describe("side dismiss: keep or delete", () => {
  it("--keep and --delete win over side.onDismiss", async () => {
    assert.equal(await dismissChoice("delete", "keep", null), "keep");
    assert.equal(await dismissChoice("keep", "delete", null), "delete");
    assert.equal(await dismissChoice("ask", "delete", () => Promise.reject(new Error("not asked"))), "delete");
  });
  it("side.onDismiss delete or keep as configured", async () => {
    assert.equal(await dismissChoice("delete", undefined, null), "delete");
    assert.equal(await dismissChoice("keep", undefined, null), "keep");
  });
  it("ask: the answer at a terminal; without one, keep (nothing lost)", async () => {
    assert.equal(await dismissChoice("ask", undefined, () => Promise.resolve(true)), "delete");
    assert.equal(await dismissChoice("ask", undefined, () => Promise.resolve(false)), "keep");
    assert.equal(await dismissChoice("ask", undefined, null), "keep");
  });
});
