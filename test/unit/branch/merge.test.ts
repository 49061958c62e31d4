import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkoutOf, conflictedPaths } from "../../../src/branch/merge.ts";
import { lossWords } from "../../../src/branch/worktree-remove.ts";

describe("merge and remove, from git's words", () => {
  it("the checkout where a branch is checked out, from worktree list --porcelain", () => {
    const porcelain = "worktree /r/main repo\nHEAD 1111\nbranch refs/heads/main\n\nworktree /c/wt/x\nHEAD 2222\nbranch refs/heads/feat/x\n\nworktree /c/wt/d\nHEAD 3333\ndetached\n";
    assert.equal(checkoutOf(porcelain, "main"), "/r/main repo");
    assert.equal(checkoutOf(porcelain, "feat/x"), "/c/wt/x");
    assert.equal(checkoutOf(porcelain, "feat"), null);
  });

  it("the conflicted paths merge-tree names after the tree", () => {
    assert.deepEqual(conflictedPaths("4b825dc642cb6eb9a060e54bf8d69288fbee4904\nsrc/a.txt\nb c.md\n"), ["src/a.txt", "b c.md"]);
    assert.deepEqual(conflictedPaths("4b825dc642cb6eb9a060e54bf8d69288fbee4904"), []);
  });

  it("what removing would lose, in words; nothing is the empty string", () => {
    assert.equal(lossWords({ changes: [], unmerged: [] }), "");
    assert.equal(lossWords({ changes: [" M README", "?? new.txt"], unmerged: ["abc1234 a spike"] }), "2 uncommitted changes (README, new.txt) and 1 unmerged commit (abc1234 a spike)");
    assert.match(lossWords({ changes: [], unmerged: Array.from({ length: 20 }, (_, i) => `c${i} s`) }), /^20\+ unmerged commits \(c0 s; c1 s; c2 s; …\)$/);
  });
});
