import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { componentRegex, expandPattern, hasWildcard, isGitDirectory } from "../../../src/projects/patterns.ts";

/** A scratch tree: each path ending in "/" a directory, ".git" entries as given (a directory or a worktree's file). */
function tree(paths: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-patterns-")));
  for (const path of paths) {
    if (path.endsWith("/")) mkdirSync(join(root, path), { recursive: true });
    else { mkdirSync(join(root, path, ".."), { recursive: true }); writeFileSync(join(root, path), "gitdir: /elsewhere/.git/worktrees/x\n"); }
  }
  return root;
}

const ODD = "a b #1 %2 'q' \"d\" é";

describe("path patterns", () => {
  it("wildcards: *, ? and [...] are; plain names are not", () => {
    for (const p of ["*", "a?", "[ab]", "~/repos/*/x"]) assert.ok(hasWildcard(p), p);
    for (const p of ["~/repos", "/a/b c", "%#é"]) assert.ok(!hasWildcard(p), p);
  });

  it("one component as a regex: classes, ranges, negation, a literal ] first, regex characters literal", () => {
    const rows: Array<[string, string, boolean]> = [
      ["*", "anything", true], ["a?c", "abc", true], ["a?c", "ac", false], ["[ab]x", "bx", true], ["[ab]x", "cx", false],
      ["[a-c]", "b", true], ["[!a]", "a", false], ["[^a]", "b", true], ["[]a]", "]", true], ["a.b", "axb", false], ["a.b", "a.b", true],
      ["(x)+", "(x)+", true], ["*é", "café", true],
    ];
    for (const [pattern, name, matches] of rows) assert.equal(componentRegex(pattern).test(name), matches, `${pattern} vs ${name}`);
  });

  it("an unbalanced [ throws (the caller reports it)", () => {
    assert.throws(() => componentRegex("[ab"), /unbalanced/);
  });

  it("expands one level per wildcard component and keeps only repositories and worktrees (a .git file counts)", () => {
    const root = tree(["repos/one/.git/", "repos/plain/", `repos/${ODD}/.git/`, "repos/wt/.git", "repos/.hidden/.git/", "repos/.worktrees/f/g/.git/", "repos/.worktrees/f/h/"]);
    try {
      const found = expandPattern(join(root, "repos/*"));
      assert.deepEqual(found, { ok: true, directories: [join(root, "repos", ODD), join(root, "repos/one"), join(root, "repos/wt")] });
      assert.deepEqual(expandPattern(join(root, "repos/.worktrees/*/*")), { ok: true, directories: [join(root, "repos/.worktrees/f/g")] });
      assert.deepEqual(expandPattern(join(root, "repos/.*")), { ok: true, directories: [join(root, "repos/.hidden")] }, "a leading dot in the pattern reaches hidden ones");
      assert.deepEqual(expandPattern(join(root, "repos/[ow]*")), { ok: true, directories: [join(root, "repos/one"), join(root, "repos/wt")] });
      assert.ok(isGitDirectory(join(root, "repos/wt")));
      assert.ok(!isGitDirectory(join(root, "repos/plain")));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("follows symbolic links to directories", () => {
    const root = tree(["real/r/.git/", "repos/"]);
    try {
      symlinkSync(join(root, "real/r"), join(root, "repos/link"));
      assert.deepEqual(expandPattern(join(root, "repos/*")), { ok: true, directories: [join(root, "repos/link")] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a pattern without a wildcard names one directory, repository or not; a missing one or a file names none", () => {
    const root = tree(["plain dir/", "f/"]);
    try {
      writeFileSync(join(root, "file"), "");
      assert.deepEqual(expandPattern(join(root, "plain dir")), { ok: true, directories: [join(root, "plain dir")] });
      assert.deepEqual(expandPattern(join(root, "missing")), { ok: true, directories: [] });
      assert.deepEqual(expandPattern(join(root, "file")), { ok: true, directories: [] });
      assert.deepEqual(expandPattern(join(root, "missing/*")), { ok: true, directories: [] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("~ expands against HOME", () => {
    const root = tree(["repos/x/.git/"]);
    try {
      assert.deepEqual(expandPattern("~/repos/*", { HOME: root }), { ok: true, directories: [join(root, "repos/x")] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a malformed or relative pattern answers its problem, naming the pattern", () => {
    const bad = expandPattern("~/x/[ab", { HOME: "/nonexistent-home" });
    assert.equal(bad.ok, false);
    assert.match(!bad.ok ? bad.problem : "", /"~\/x\/\[ab" cannot be expanded: unbalanced "\["/);
    const relative = expandPattern("repos/*");
    assert.match(!relative.ok ? relative.problem : "", /"repos\/\*" is not absolute/);
  });
});
