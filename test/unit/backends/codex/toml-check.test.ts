import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { setTrustRecord } from "../../../../src/backends/codex/config.ts";
import { verifiedToml } from "../../../../src/backends/codex/toml-check.ts";
import { throwsLine } from "../../../helpers/assert-error.ts";

const record = { key: "/h/hooks.json:stop:1:0", hash: "sha256:ab" };
// The text editor sees only hooks.state: a top-level `hooks = false` is in the way of the table it appends.
const BROKEN_BY_EDIT = '# mine\nhooks = false\nmodel = "o3"\n';

describe("verifiedToml", () => {
  it("passes an edit that parses", () => {
    const next = setTrustRecord('model = "o3"\n', record);
    assert.equal(verifiedToml(next, 'model = "o3"\n', "c.toml"), next);
  });
  it("passes text that did not change, even when it does not parse", () => assert.equal(verifiedToml("a = 1\na = 2\n", "a = 1\na = 2\n", "c.toml"), "a = 1\na = 2\n"));
  it("refuses an edit the editor broke, naming the file and the fix", () => {
    const next = setTrustRecord(BROKEN_BY_EDIT, record);
    throwsLine(() => verifiedToml(next, BROKEN_BY_EDIT, "/h/config.toml"), /^\/h\/config\.toml: agentmux's edit would leave it invalid TOML \(.+\) \(.*rewrite it as a \[table\].*the file was left untouched\)$/);
  });
  it("refuses to add to a file that was not valid TOML already", () => {
    const before = 'a = 1\na = 2\n';
    throwsLine(() => verifiedToml(setTrustRecord(before, record), before, "c.toml"), /^c\.toml: not valid TOML \(.+\) \(fix the file.*the file was left untouched\)$/);
  });
});
