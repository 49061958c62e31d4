import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ghRunner } from "../../../src/route/gh.ts";

/** A PATH holding only a fake gh that answers `auth status` with status and anything else with its arguments. */
function fakeGh(authStatus: number): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "agentmux-gh-"));
  writeFileSync(join(dir, "gh"), `#!/bin/sh\nif [ "$1" = auth ]; then exit ${authStatus}; fi\nif [ "$1" = fail ]; then exit 1; fi\necho "title of $*"\n`);
  chmodSync(join(dir, "gh"), 0o755);
  return { path: `${dir}:/usr/bin:/bin`, done: () => rmSync(dir, { recursive: true, force: true }) };
}

describe("gh, when installed and logged in", () => {
  it("answers what gh prints; a failing call is null", async () => {
    const gh = fakeGh(0);
    try {
      const run = ghRunner({ PATH: gh.path });
      assert.equal(await run(["issue", "view", "1"]), "title of issue view 1");
      assert.equal(await run(["fail"]), null);
    } finally {
      gh.done();
    }
  });
  it("logged out, or not installed: null, never an error", async () => {
    const gh = fakeGh(1);
    try {
      assert.equal(await ghRunner({ PATH: gh.path })(["issue", "view", "1"]), null);
      assert.equal(await ghRunner({ PATH: "/nonexistent" })(["issue", "view", "1"]), null);
    } finally {
      gh.done();
    }
  });
});
