import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "../../../src/daemon/client.ts";
import { AgentmuxError } from "../../../src/util/errors.ts";

describe("a request to the daemon", () => {
  it("no daemon: rejects with 'not running' (and nothing is thrown past the caller)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-client-"));
    try {
      await assert.rejects(request(join(dir, "daemon.sock"), { op: "ping" }), (e: unknown) => e instanceof AgentmuxError && /the agentmux daemon is not running/.test(e.message));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
