import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectAccount } from "../../../src/projects/account.ts";
import { saveSelection } from "../../../src/accounts/selection.ts";

describe("the account projects.sources is matched against", () => {
  it("the one given, else the backend's selected one, else none", () => {
    const state = mkdtempSync(join(tmpdir(), "agentmux-project-account-"));
    try {
      assert.equal(projectAccount("claude", undefined, state), null);
      saveSelection(state, "claude", "work");
      assert.equal(projectAccount("claude", undefined, state), "work");
      assert.equal(projectAccount("claude", "other", state), "other");
      assert.equal(projectAccount("codex", undefined, state), null);
      assert.equal(projectAccount("gemini", undefined, state), null, "a backend without accounts has none");
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});
