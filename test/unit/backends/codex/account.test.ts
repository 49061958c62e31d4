import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexAccounts } from "../../../../src/backends/codex/account.ts";

describe("Codex's accounts", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("an account's auth.json and its config.toml are never among the shared items", () => {
    const shared = codexAccounts.shared.map((item) => item.name);
    assert.equal(codexAccounts.credentialsFile, "auth.json");
    assert.ok(!shared.includes("auth.json"));
    assert.ok(!shared.includes("config.toml"));
    assert.equal(codexAccounts.syncHome?.item, "config.toml");
  });


  it("the home's own step gives the account its own config.toml", () => {
    root = mkdtempSync(join(tmpdir(), "agentmux-codex-account-"));
    const canonical = join(root, ".codex");
    const home = join(root, "codex-work");
    mkdirSync(canonical);
    mkdirSync(home);
    writeFileSync(join(canonical, "config.toml"), 'model = "gpt-5"\n');
    const result = codexAccounts.syncHome?.run(canonical, home, new Date(2026, 2, 2));
    assert.deepEqual(result, { notes: ["config.toml: copied from the canonical home"], backups: [] });
    assert.equal(readFileSync(join(home, "config.toml"), "utf8"), 'model = "gpt-5"\n');
  });
});
