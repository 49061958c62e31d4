import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseResourceUri, resourceUri } from "../../../src/mcp/uris.ts";

describe("mcp resource URIs", () => {
  it("a pane's number stands for its id, both ways", () => {
    assert.equal(resourceUri("%12", "state"), "agentmux://pane/12/state");
    assert.deepEqual(parseResourceUri(resourceUri("%123", "answer")), { pane: "%123", kind: "answer" });
  });
  it("anything else names no resource", () => {
    for (const uri of ["agentmux://pane/%12/state", "agentmux://pane/12/screen", "file:///etc/passwd", "agentmux://pane/12/state/x", "agentmux://pane//state"]) assert.equal(parseResourceUri(uri), null, uri);
  });
});
