import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { clineOutsideConfig } from "../../../../src/backends/cline/outside-config.ts";

describe("init --agents for Cline", () => {
  it("prints one file per event for ~/.cline/hooks, each running the forwarder standing aside in agentmux's sessions", () => {
    const text = clineOutsideConfig({ hook: "/opt/agent mux/shell/agentmux-hook", statusLine: "/x" }).join("\n");
    assert.match(text, /^## Cline: one file per event in ~\/\.cline\/hooks/);
    assert.match(text, /# ~\/\.cline\/hooks\/taskcomplete\n#!\/bin\/sh\nexec '\/opt\/agent mux\/shell\/agentmux-hook' '--global' '--agent' 'cline' 'TaskComplete'/);
    assert.equal(text.match(/^exec /gm)?.length, 7);
  });
});
