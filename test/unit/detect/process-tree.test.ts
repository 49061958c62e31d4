import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { descendants, parsePs } from "../../../src/detect/process-tree.ts";

describe("the process tree under a pane", () => {
  it("lists the root and its descendants, nearest first", () => {
    const ps = parsePs("    1     0 init\n  100     1 bash\n  200   100 node /usr/bin/codex\n  300   200 /opt/codex/codex\n  400     1 other\n");
    assert.deepEqual(descendants(ps, 100), ["bash", "node /usr/bin/codex", "/opt/codex/codex"]);
    assert.deepEqual(descendants(ps, 999), []);
  });
});
