import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { githubSlug, gitDirectory, originUrl, repositoryDirectory } from "../../../src/projects/repository.ts";
import type { ProjectCandidate } from "../../../src/projects/candidates.ts";
import { makeFifo } from "../../helpers/fifo.ts";
import { callInChild } from "../../helpers/in-child.ts";

const repo = (dir: string): ProjectCandidate => ({ label: dir, directory: dir, repository: dir, description: null });

function clone(root: string, name: string, origin: string | null): string {
  const dir = join(root, name);
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeFileSync(join(dir, ".git", "config"), `[core]\n\tbare = false\n${origin === null ? "" : `[remote "upstream"]\n\turl = git@github.com:other/x.git\n[remote "origin"]\n\turl = ${origin}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n`}`);
  return dir;
}

describe("GitHub remotes", () => {
  const rows: Array<[string, string | null]> = [
    ["git@github.com:Owner/Name.git", "owner/name"],
    ["https://github.com/owner/name", "owner/name"],
    ["https://github.com/owner/name.git/", "owner/name"],
    ["ssh://git@github.com/owner/name.git", "owner/name"],
    ["https://user@github.com/owner/na.me", "owner/na.me"],
    ["https://gitlab.com/owner/name", null],
    ["/local/path", null],
  ];
  for (const [url, slug] of rows) it(url, () => assert.equal(githubSlug(url), slug));

  it("origin's url in a git config, not another remote's", () => {
    assert.equal(originUrl(`[remote "up"]\n\turl = a\n[remote "origin"]\n\turl = b\n[branch "main"]\n\tremote = origin\n`), "b");
    assert.equal(originUrl(`[remote "up"]\n\turl = a\n`), null);
  });
});

describe("repositoryDirectory", () => {
  it("the clone whose origin is the repository; by name only where a clone's origin cannot be read", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-repository-")));
    try {
      const fork = clone(root, "name", "git@github.com:someone-else/name.git");
      const moved = clone(root, "renamed checkout", "https://github.com/owner/name.git");
      const bare = clone(root, "tool", null);
      const candidates = [repo(fork), repo(moved), repo(bare), { label: "n", directory: join(root, "x"), repository: null, description: null }];
      assert.equal(repositoryDirectory(candidates, "Owner/Name"), moved, "the origin decides, not the name");
      assert.equal(repositoryDirectory(candidates, "owner/tool"), bare, "no origin: the directory's name");
      assert.equal(repositoryDirectory(candidates, "someone-else/name"), fork);
      assert.equal(repositoryDirectory(candidates, "owner/absent"), null);
      assert.equal(repositoryDirectory([repo(join(root, "gone"))], "owner/gone"), null, "a clone that does not exist is none");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a worktree (a .git file) reads its origin from the common directory", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-repository-")));
    try {
      const main = clone(root, "main", "git@github.com:owner/app.git");
      const gitdir = join(main, ".git", "worktrees", "feature");
      mkdirSync(gitdir, { recursive: true });
      writeFileSync(join(gitdir, "commondir"), "../..\n");
      const wt = join(root, "feature");
      mkdirSync(wt);
      writeFileSync(join(wt, ".git"), `gitdir: ${gitdir}\n`);
      assert.equal(gitDirectory(wt), gitdir);
      assert.equal(repositoryDirectory([repo(wt)], "owner/app"), wt);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a clone whose git config is a FIFO or a link to /dev/zero counts as one whose origin cannot be read: found by name, not waited on", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-repository-")));
    const fifo = clone(root, "fifo", null);
    const zero = clone(root, "zero", null);
    rmSync(join(fifo, ".git", "config"));
    rmSync(join(zero, ".git", "config"));
    const stop = makeFifo(join(fifo, ".git", "config"));
    try {
      symlinkSync("/dev/zero", join(zero, ".git", "config"));
      // In a child: the old reader blocked on the FIFO and read /dev/zero until memory ran out.
      const outcomes = callInChild("projects/repository.ts", "repositoryDirectory", [[[repo(fifo)], "owner/fifo"], [[repo(zero)], "owner/zero"]]);
      assert.deepEqual(outcomes, [{ value: fifo }, { value: zero }]);
    } finally {
      stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
