import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { serverArgs } from "../../../src/tmux/server.ts";

describe("formats", () => {
  it("picks the server arguments: -S wins over -L, none means $TMUX or the default", () => {
    assert.deepEqual(serverArgs({}), []);
    assert.deepEqual(serverArgs({ socketName: "t" }), ["-L", "t"]);
    assert.deepEqual(serverArgs({ socketName: "t", socketPath: "/s" }), ["-S", "/s"]);
  });
});
