import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTrustRecord } from "../../src/backends/codex/config.ts";
import { prepareCodexHome } from "../../src/backends/codex/hooks.ts";
import { verifiedToml } from "../../src/backends/codex/toml-check.ts";
import { throwsLine } from "../helpers/assert-error.ts";

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

describe("prepareCodexHome with a config.toml its edit would break", () => {
  it("writes neither config.toml nor hooks.json", () => {
    const home = mkdtempSync(join(tmpdir(), "agentmux-codex-toml-"));
    try {
      writeFileSync(join(home, "config.toml"), BROKEN_BY_EDIT);
      throwsLine(() => prepareCodexHome({ codexHome: home, scripts: { hook: "/a/agentmux-hook", notify: "/a/agentmux-codex-notify" } }), /config\.toml: agentmux's edit would leave it invalid TOML/);
      assert.equal(readFileSync(join(home, "config.toml"), "utf8"), BROKEN_BY_EDIT);
      assert.equal(existsSync(join(home, "hooks.json")), false);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
