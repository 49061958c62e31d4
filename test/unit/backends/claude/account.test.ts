import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeAccounts } from "../../../../src/backends/claude/account.ts";

describe("Claude Code's accounts", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("an account's credentials and its .claude.json (its identity) are never among the shared items", () => {
    const shared = claudeAccounts.shared.map((item) => item.name);
    assert.ok(!shared.includes(claudeAccounts.credentialsFile));
    assert.ok(!shared.includes(".claude.json"));
    assert.equal(claudeAccounts.syncHome?.item, ".claude.json");
  });


  it("the home's own step takes the onboarding and trusted projects from the canonical .claude.json, keeping the account's identity", () => {
    root = mkdtempSync(join(tmpdir(), "agentmux-claude-account-"));
    const canonical = join(root, ".claude");
    const home = join(root, ".claude-work");
    mkdirSync(canonical);
    mkdirSync(home);
    writeFileSync(join(root, ".claude.json"), JSON.stringify({ hasCompletedOnboarding: true, theme: "dark", oauthAccount: { emailAddress: "me@home" }, projects: { "/src/app #1": { hasTrustDialogAccepted: true } } }));
    writeFileSync(join(home, ".claude.json"), JSON.stringify({ oauthAccount: { emailAddress: "me@work" } }));
    const result = claudeAccounts.syncHome?.run(canonical, home, new Date(2026, 2, 2));
    assert.deepEqual(result?.backups, []);
    assert.equal(result?.notes.length, 1);
    assert.match(result?.notes[0] ?? "", /^\.claude\.json: took hasCompletedOnboarding, theme, 1 trusted project from /);
    const merged = JSON.parse(readFileSync(join(home, ".claude.json"), "utf8")) as Record<string, unknown>;
    assert.deepEqual(merged["oauthAccount"], { emailAddress: "me@work" });
    assert.equal(merged["hasCompletedOnboarding"], true);
    assert.deepEqual(merged["projects"], { "/src/app #1": { hasTrustDialogAccepted: true } });
  });
});
