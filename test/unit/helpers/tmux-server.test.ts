import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { TestServer } from "../../helpers/tmux-server.ts";

// .ci/run runs the suite with CI=true; a user's tmux has no such variable, and the CLIs change with
// it (Auggie and droid draw no input box, Gemini CLI exits), so test servers hand it to no pane.
describe("TestServer's environment", () => {
  it("drops a CI runner's markers, keeps the rest", () => {
    const set = { CI: "true", CONTINUOUS_INTEGRATION: "1", CI_JOB_ID: "7", BUILD_NUMBER: "3", RUN_ID: "9", AGENTMUX_KEEP_ME_NOT: "x", CIRCLE_LIKE: "kept" };
    const before = Object.fromEntries(Object.keys(set).map((k) => [k, process.env[k]]));
    Object.assign(process.env, set);
    let server: TestServer | undefined;
    try {
      server = new TestServer({ EXTRA: "yes" });
      for (const k of ["CI", "CONTINUOUS_INTEGRATION", "CI_JOB_ID", "BUILD_NUMBER", "RUN_ID", "AGENTMUX_KEEP_ME_NOT"]) assert.equal(server.env[k], undefined, k);
      assert.equal(server.env["CIRCLE_LIKE"], "kept");
      assert.equal(server.env["EXTRA"], "yes");
      assert.equal(server.env["AGENTMUX_HOME"], server.home);
    } finally {
      for (const [k, v] of Object.entries(before)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
      if (server) rmSync(server.home, { recursive: true, force: true });
    }
  });
});
