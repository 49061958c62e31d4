import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { porcelainEntries, worktreeDir, worktreePath } from "../../../src/branch/worktree.ts";

describe("worktree paths", () => {
  it("are named after the repository and the instance", () => {
    assert.equal(worktreePath("/cache/worktrees", "/src/ünï code #%", "b-1"), "/cache/worktrees/ünï code #%-b-1");
  });
  it("a session in a subdirectory forks into the same subdirectory of the worktree", () => {
    assert.equal(worktreeDir("/src/repo", "/src/repo/pkg/a", "/t/repo-b"), "/t/repo-b/pkg/a");
    assert.equal(worktreeDir("/src/repo", "/src/repo", "/t/repo-b"), "/t/repo-b");
    assert.equal(worktreeDir("/src/repo", "/elsewhere", "/t/repo-b"), "/t/repo-b");
  });
  it("reads git status --porcelain -z: names unquoted, a rename once", () => {
    assert.deepEqual(porcelainEntries("?? new file.txt\0R  b.txt\0a.txt\0 M ü #%.txt\0"), ["?? new file.txt", "R  b.txt", " M ü #%.txt"]);
    assert.deepEqual(porcelainEntries(""), []);
  });
});
