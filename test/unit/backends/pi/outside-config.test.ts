import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { piOutsideConfig } from "../../../../src/backends/pi/outside-config.ts";
import { piExtensionPath } from "../../../../src/backends/pi/extension.ts";

describe("piOutsideConfig", () => {
  it("names the extension for Pi's settings, and the forwarder through AGENTMUX_HOOK, quoted", () => {
    const lines = piOutsideConfig({ hook: "/opt/agent mux/shell/agentmux-hook", statusLine: "/x" });
    assert.match(lines[0] ?? "", /^## Pi: .*~\/\.pi\/agent\/settings\.json/);
    assert.deepEqual(JSON.parse(lines[1] ?? ""), { extensions: [piExtensionPath()] });
    assert.equal(lines[2], "## ... with AGENTMUX_HOOK='/opt/agent mux/shell/agentmux-hook' in Pi's environment (or agentmux-hook on PATH)");
    assert.equal(lines.at(-1), "");
  });
});
