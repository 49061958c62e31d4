import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { changedFiles, newFileDiff, statLines } from "../../../src/branch/diff.ts";
import { taskBranch } from "../../../src/branch/new-worktree.ts";
import { worktreeHolding } from "../../../src/branch/worktree-registry.ts";

describe("a session's diff, read from git's -z output", () => {
  it("name-status and numstat joined: a rename's origin, a binary file's unknown counts, names with tabs and unicode", () => {
    const nameStatus = ["M", "src/a b.txt", "R087", "old/é.md", "new/é.md", "A", "img.png", "D", "gone\tname", ""].join("\0");
    const numstat = ["3\t1\tsrc/a b.txt", "2\t2\t", "old/é.md", "new/é.md", "-\t-\timg.png", "0\t4\tgone\tname", ""].join("\0");
    assert.deepEqual(changedFiles(nameStatus, numstat), [
      { path: "src/a b.txt", status: "modified", added: 3, removed: 1 },
      { path: "new/é.md", status: "renamed", added: 2, removed: 2, from: "old/é.md" },
      { path: "img.png", status: "added", added: null, removed: null },
      { path: "gone\tname", status: "deleted", added: 0, removed: 4 },
    ]);
    assert.deepEqual(changedFiles("", ""), []);
  });

  it("an untracked file as a new file's hunk, with or without its last newline; an empty one has no hunk", () => {
    assert.equal(newFileDiff("n.txt", "a\nb\n"), "diff --git a/n.txt b/n.txt\nnew file (untracked)\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n");
    assert.match(newFileDiff("n.txt", "a"), /@@ -0,0 \+1,1 @@\n\+a\n\\ No newline at end of file\n$/);
    assert.doesNotMatch(newFileDiff("e", ""), /@@/);
  });

  it("--stat lines: each file, then the totals; no change said so", () => {
    const lines = statLines({ files: [{ path: "a", status: "modified", added: 1, removed: 2 }, { path: "z", status: "untracked", added: null, removed: null, skipped: "a symbolic link" }] });
    assert.deepEqual(lines, [" a | modified  +1 -2", " z | untracked (a symbolic link)", " 2 files changed, 1 insertion(+), 2 deletions(-)"]);
    assert.deepEqual(statLines({ files: [] }), ["no changes"]);
  });
});

describe("worktrees named from the task, and found from a directory", () => {
  it("a branch from the task's first words, at most 40 characters; accents folded; nothing usable gives none", () => {
    assert.equal(taskBranch("Fix the “login” bug, now!"), "fix-the-login-bug-now");
    assert.equal(taskBranch("Réparer l'écran"), "reparer-l-ecran");
    assert.equal(taskBranch("one two three four five six seven"), "one-two-three-four-five-six");
    assert.equal(taskBranch("internationalisation-of-everything-everywhere-at-once please"), "internationalisation-of-everything");
    assert.equal(taskBranch("a".repeat(60)), "a".repeat(40));
    assert.equal(taskBranch("「日本」 ✓"), "");
    assert.equal(taskBranch(undefined), "");
  });

  it("the worktree holding a directory: its path or below, never a sibling with the same prefix", () => {
    const made = [{ path: "/c/wt/repo-a", branch: "a", root: "/r", from: "main", base: "x", made: 0 }];
    assert.equal(worktreeHolding(made, "/c/wt/repo-a")?.branch, "a");
    assert.equal(worktreeHolding(made, "/c/wt/repo-a/pkg")?.branch, "a");
    assert.equal(worktreeHolding(made, "/c/wt/repo-ab"), undefined);
  });
});
