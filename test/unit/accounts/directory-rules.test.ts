import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AccountBackend } from "../../../src/backends/account-homes.ts";
import { directoryRuleFor, gitCommonDir, isWithin, matchRule, type Governs } from "../../../src/accounts/directory-rules.ts";
import type { DirectoryRule } from "../../../src/config/accounts.ts";

/** Every backend declares every name. */
const BOTH: Governs = () => true;
/** Only these backends declare accounts. */
const only = (...backends: AccountBackend[]): Governs => (b) => backends.includes(b);

describe("matchRule (pure)", () => {
  const rules: DirectoryRule[] = [
    { dir: "/r/client", selection: "work" },
    { dir: "/r/oss", selection: { claude: "personal" } },
    { dir: "/r", selection: { codex: "fallback" } },
    { dir: "/r/oss/deep", selection: "never-reached" },
  ];
  const rows: Array<[string, AccountBackend, Governs, string, string | undefined, string | undefined]> = [
    ["the rule's own directory", "claude", BOTH, "/r/client", undefined, "work"],
    ["a directory below it", "codex", BOTH, "/r/client/src/x", undefined, "work"],
    ["a sibling with the same prefix is not below", "claude", BOTH, "/r/client-2", undefined, undefined],
    ["first match wins over a more specific later rule", "claude", BOTH, "/r/oss/deep", undefined, "personal"],
    ["a backend left out of a per-backend rule is not governed: the next rule applies", "codex", BOTH, "/r/oss/deep", undefined, "fallback"],
    ["an every-backend rule skips a backend with no accounts", "codex", only("claude"), "/r/client", undefined, "fallback"],
    ["an every-backend rule skips a backend that lacks the name: the next rule applies", "codex", (b, name) => !(b === "codex" && name === "work"), "/r/client", undefined, "fallback"],
    ["no rule: none", "claude", BOTH, "/elsewhere", undefined, undefined],
    ["a linked worktree follows its repository's common dir", "claude", BOTH, "/wt/feature", "/r/client/.git", "work"],
    ["the directory wins over the common dir", "claude", BOTH, "/r/oss", "/r/client/.git", "personal"],
  ];
  for (const [name, backend, governed, dir, common, expected] of rows) {
    it(name, () => assert.equal(matchRule(rules, backend, governed, dir, common)?.name, expected));
  }
  it("/ holds everything", () => assert.ok(isWithin("/a/b", "/")));
});

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main", ...args], { cwd, stdio: "ignore" });
}

describe("directoryRuleFor (symlinks, git worktrees)", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-rules-")));
  const repo = join(root, "repos", "client");
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "-q");
  git(repo, "commit", "-q", "--allow-empty", "-m", "first");
  git(repo, "worktree", "add", "-q", join(root, "trees", "feature"));
  mkdirSync(join(root, "plain", "sub"), { recursive: true });
  symlinkSync(join(root, "repos"), join(root, "repos-link"));
  symlinkSync(join(root, "plain"), join(root, "plain-link"));

  it("finds the common git directory of a linked worktree", () => {
    assert.equal(gitCommonDir(join(root, "trees", "feature")), join(repo, ".git"));
    assert.equal(gitCommonDir(join(root, "plain")), undefined);
  });
  it("a linked worktree checked out elsewhere follows its repository's rule", () => {
    const match = directoryRuleFor([{ dir: repo, selection: "work" }], "claude", BOTH, join(root, "trees", "feature"));
    assert.deepEqual(match && { name: match.name, matched: match.matched }, { name: "work", matched: "git-common-dir" });
  });
  it("a rule written through a symlink covers the real directory", () => {
    assert.equal(directoryRuleFor([{ dir: join(root, "repos-link", "client"), selection: "work" }], "claude", BOTH, repo)?.name, "work");
  });
  it("a session directory reached through a symlink is covered by the real rule", () => {
    assert.equal(directoryRuleFor([{ dir: join(root, "plain"), selection: "p" }], "codex", BOTH, join(root, "plain-link", "sub"))?.name, "p");
  });
  it("a rule for a directory that does not exist matches nothing else", () => {
    assert.equal(directoryRuleFor([{ dir: join(root, "missing"), selection: "x" }], "claude", BOTH, join(root, "plain")), undefined);
  });
});
