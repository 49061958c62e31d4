import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mergeClaudeJson } from "../../../../src/backends/claude/json-merge.ts";

describe(".claude.json merge: what an account takes from the canonical home", () => {
  const canonical = {
    hasCompletedOnboarding: true, theme: "dark", lastOnboardingVersion: "2.1.197", userID: "canonical-user", oauthAccount: { emailAddress: "me@x" },
    customApiKeyResponses: { approved: ["k"], rejected: [] }, numStartups: 40,
    mcpServers: { docs: { command: "docs-mcp" }, mine: { command: "canonical" } },
    projects: {
      "/p/trusted": { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, allowedTools: [] },
      "/p/untrusted": { hasTrustDialogAccepted: false, allowedTools: [] },
      "/p/both": { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, allowedTools: ["Bash"] },
    },
  };
  const rows: Array<[string, Record<string, unknown>, Record<string, unknown>, string[]]> = [
    ["a fresh account takes the onboarding, choices, servers and trusted projects, never the identity", {}, {
      hasCompletedOnboarding: true, theme: "dark", lastOnboardingVersion: "2.1.197",
      mcpServers: { docs: { command: "docs-mcp" }, mine: { command: "canonical" } },
      projects: { "/p/trusted": canonical.projects["/p/trusted"], "/p/both": canonical.projects["/p/both"] },
    }, ["hasCompletedOnboarding", "theme", "lastOnboardingVersion", "mcpServers.docs", "mcpServers.mine", "projects[/p/trusted]", "projects[/p/both]"]],
    ["the account's own choices, servers and project settings win; only trust is added", {
      hasCompletedOnboarding: false, theme: "light", lastOnboardingVersion: "2.0.0", userID: "account-user", mcpServers: { mine: { command: "account" } },
      projects: { "/p/both": { hasTrustDialogAccepted: false, allowedTools: ["Read"] } },
    }, {
      hasCompletedOnboarding: true, theme: "light", lastOnboardingVersion: "2.0.0", userID: "account-user",
      mcpServers: { mine: { command: "account" }, docs: { command: "docs-mcp" } },
      projects: { "/p/both": { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true, allowedTools: ["Read"] }, "/p/trusted": canonical.projects["/p/trusted"] },
    }, ["hasCompletedOnboarding", "mcpServers.docs", "projects[/p/trusted]", "projects[/p/both].hasTrustDialogAccepted", "projects[/p/both].hasCompletedProjectOnboarding"]],
  ];
  for (const [name, account, expected, changed] of rows) {
    it(name, () => {
      const before = structuredClone(account);
      const merged = mergeClaudeJson(canonical, account);
      assert.deepEqual(merged.value, expected);
      assert.deepEqual(merged.changed.sort(), changed.sort());
      assert.deepEqual(account, before, "the input is not changed");
    });
  }
  it("an account up to date changes nothing", () => {
    const merged = mergeClaudeJson(canonical, mergeClaudeJson(canonical, {}).value);
    assert.deepEqual(merged.changed, []);
  });
});
