import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";

// .ci/run runs the suite with CI=true; a user's tmux has no such variable, and the CLIs change with
// it (Auggie and droid draw no input box, Gemini CLI exits), so a test server hands it to no pane.
describe("a test server's panes get no CI runner markers", () => {
  it("CI, CONTINUOUS_INTEGRATION, CI_*, BUILD_NUMBER and RUN_ID of the runner stay out; the rest goes in", async () => {
    const set = { CI: "true", CONTINUOUS_INTEGRATION: "1", CI_JOB_ID: "7", BUILD_NUMBER: "3", RUN_ID: "9", CIRCLE_LIKE: "kept" };
    const before = Object.fromEntries(Object.keys(set).map((k) => [k, process.env[k]]));
    Object.assign(process.env, set);
    let server: TestServer;
    try {
      server = new TestServer({ EXTRA: "yes" });
    } finally {
      for (const [k, v] of Object.entries(before)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    }
    await server.start();
    try {
      // The pane's whole environment, in a file (it is longer than a screen).
      const file = join(server.home, "pane env.txt");
      await server.tmux(["new-window", "-d", "sh", "-c", 'env > "$0.tmp" && mv "$0.tmp" "$0"; sleep 60', file]);
      await server.waitFor("the pane's environment", () => existsSync(file));
      const env = readFileSync(file, "utf8");
      for (const k of ["CI", "CONTINUOUS_INTEGRATION", "CI_JOB_ID", "BUILD_NUMBER", "RUN_ID"]) assert.doesNotMatch(env, new RegExp(`^${k}=`, "m"), k);
      assert.match(env, /^CIRCLE_LIKE=kept$/m);
      assert.match(env, new RegExp(`^AGENTMUX_HOME=${server.home}$`, "m"));
    } finally {
      await server.stop();
    }
  });
});
