import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isPaneId } from "../../../src/tmux/pane-id.ts";

describe("pane ids", () => {
  it("takes %N only", () => {
    for (const ok of ["%0", "%12", "%123456789"]) assert.equal(isPaneId(ok), true, ok);
    for (const bad of ["%", "12", "%1;ls", "%1\n", " %1", "%1234567890", "far:%1", 12, null, undefined]) assert.equal(isPaneId(bad), false, String(bad));
  });
});
