import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkTmuxVersion, parseTmuxVersion } from "../../../src/tmux/version.ts";

describe("tmux version", () => {
  const rows: Array<[string, string | null]> = [["tmux 3.3a", "3.3"], ["tmux 3.2", "3.2"], ["tmux next-3.5", "3.5"], ["tmux 3.2-rc2", "3.2"], ["tmux master", "99.0"], ["weird", null]];
  for (const [raw, expected] of rows) {
    it(raw, () => {
      const v = parseTmuxVersion(raw);
      assert.equal(v ? `${v.major}.${v.minor}` : null, expected);
    });
  }
  it("rejects tmux below 3.2 with the fix", () => {
    assert.throws(() => checkTmuxVersion("tmux 3.1c"), /tmux 3\.1c is too old: agentmux needs tmux >= 3\.2/);
    assert.throws(() => checkTmuxVersion("tmux 2.9"), /too old/);
    assert.doesNotThrow(() => checkTmuxVersion("tmux 3.2a"));
  });
});
