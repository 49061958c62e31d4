import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { knownDirectories, startedDirectories, zoxideDirectories } from "../../../src/projects/known.ts";

describe("the known source", () => {
  it("no state yet: none; a corrupt file: none from it", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-known-")));
    try {
      assert.deepEqual(startedDirectories(join(root, "nothing")), []);
      mkdirSync(join(root, "state"));
      writeFileSync(join(root, "state", "registry.json"), "{");
      assert.deepEqual(startedDirectories(join(root, "state")), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("zoxide's list follows agentmux's own when zoxide is on PATH (and is never required)", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-known-")));
    try {
      const bin = join(root, "bin");
      mkdirSync(bin);
      for (const d of ["z1", "z 2", "started"]) mkdirSync(join(root, d));
      writeFileSync(join(bin, "zoxide"), `#!/bin/sh\n[ "$1 $2" = "query -l" ] || exit 1\nprintf '%s\\n' '${join(root, "z 2")}' '${join(root, "started")}' '${join(root, "gone")}' 'not a path' '${join(root, "z1")}'\n`);
      chmodSync(join(bin, "zoxide"), 0o755);
      const state = join(root, "am", "state");
      mkdirSync(state, { recursive: true });
      writeFileSync(join(state, "registry.json"), JSON.stringify({ servers: [{ socket: "/s", server: "1:1", sessions: [{ dir: join(root, "started"), started: 5 }] }] }));
      const env = { HOME: root, PATH: bin, AGENTMUX_HOME: join(root, "am") };
      assert.deepEqual(zoxideDirectories(env), [join(root, "z 2"), join(root, "started"), join(root, "gone"), join(root, "z1")]);
      assert.deepEqual(knownDirectories(env), [join(root, "started"), join(root, "z 2"), join(root, "z1")]);
      assert.deepEqual(zoxideDirectories({ PATH: join(root, "none") }), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
