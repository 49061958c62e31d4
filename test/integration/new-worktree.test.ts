import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { TestServer } from "../helpers/tmux-server.ts";
import { paneOption } from "../helpers/agentmux-session.ts";
import { commitRepo, GIT_ENV } from "../helpers/git-repo.ts";

describe("new --worktree [NAME]: a session in a fresh worktree and branch of the directory's repository", () => {
  const server = new TestServer({ ...GIT_ENV, GIT_CONFIG_GLOBAL: "/dev/null" });
  // A repository whose name has a space, unicode, '#' and '%'; the session starts in a subdirectory of it.
  const repo = join(server.work, "rép o #1 %x");
  const sub = join(repo, "pkg");
  const treesDir = join(server.home, "cache", "worktrees");
  const git = (args: string[], cwd = repo) => execa("git", args, { cwd, env: { ...server.env }, extendEnv: false, reject: false });
  const trees = () => (existsSync(treesDir) ? readdirSync(treesDir) : []);
  const windows = async () => String((await server.tmux(["list-windows", "-a", "-F", "#{window_id}"])).stdout).split("\n").filter(Boolean).length;
  const branches = async () => String((await git(["branch", "--format=%(refname:short)"])).stdout).split("\n").filter(Boolean).sort();

  before(async () => {
    await server.start();
    await commitRepo(repo, { ...server.env }, { "pkg/file.txt": "one\n" });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("named: the branch at HEAD, the worktree under the cache, the session in the same subdirectory of it", async () => {
    const r = await server.cli(["new", "--command", "sh", "--dir", sub, "--worktree", "feat-x", "--detached", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const made = JSON.parse(String(r.stdout)) as { pane: string; dir: string; worktree: { path: string; branch: string; root: string } };
    assert.equal(made.worktree.branch, "feat-x");
    assert.equal(made.worktree.path, join(treesDir, "rép o #1 %x-feat-x"));
    assert.equal(made.dir, join(made.worktree.path, "pkg"));
    assert.equal(made.worktree.root, realpathSync(repo));
    assert.deepEqual(await branches(), ["feat-x", "main"]);
    assert.ok(existsSync(join(made.dir, "file.txt")), "the worktree holds the repository's files");
    assert.equal(String((await git(["rev-parse", "HEAD"], made.dir)).stdout), String((await git(["rev-parse", "main"])).stdout), "at the repository's HEAD");
    assert.equal(await paneOption(server, made.pane, "@agentmux-dir"), made.dir);
    assert.equal(await paneOption(server, made.pane, "@agentmux-instance"), "feat-x", "named after its branch");
    await server.waitFor("the shell in the worktree", async () => String((await server.tmux(["display-message", "-p", "-t", made.pane, "#{pane_current_path}"])).stdout) === made.dir);
  });

  it("without a name: the --instance names the branch", async () => {
    const r = await server.cli(["new", "--command", "sh", "--dir", repo, "--instance", "review", "--worktree", "--detached", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const made = JSON.parse(String(r.stdout)) as { worktree: { branch: string; path: string } };
    assert.equal(made.worktree.branch, "review");
    assert.deepEqual(await branches(), ["feat-x", "main", "review"]);
  });

  it("a branch with a slash: the session's instance is the branch with - for /", async () => {
    const r = await server.cli(["new", "--command", "sh", "--dir", repo, "--worktree", "feat/y", "--detached", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const made = JSON.parse(String(r.stdout)) as { pane: string; worktree: { branch: string; path: string } };
    assert.equal(made.worktree.branch, "feat/y");
    assert.equal(await paneOption(server, made.pane, "@agentmux-instance"), "feat-y");
    assert.equal(made.worktree.path, join(treesDir, "rép o #1 %x-feat-y"), "one directory, not one per path segment");
  });

  /** A refusal: non-zero, one line naming the cause, and nothing created (no window, worktree or branch). */
  const refused = async (args: string[], pattern: RegExp) => {
    const [w, t, b] = [await windows(), trees().length, await branches()];
    const r = await server.cli(args);
    assert.notEqual(r.exitCode, 0, String(r.stdout));
    assert.match(String(r.stderr), pattern);
    assert.equal(await windows(), w, "no window was opened");
    assert.equal(trees().length, t, "no worktree was created");
    assert.deepEqual(await branches(), b, "no branch was created");
  };

  it("refused, creating nothing: a branch that exists, a bad branch name, a directory outside any repository, a dirty tree", async () => {
    await refused(["new", "--command", "sh", "--dir", repo, "--worktree", "feat-x", "--detached"], /cannot start a session in a new worktree of .*: git branch "feat-x" exists already/);
    await refused(["new", "--command", "sh", "--dir", repo, "--worktree", "bad..name", "--detached"], /"bad\.\.name" is not a valid git branch name/);
    const plain = join(server.home, "not a repo");
    mkdirSync(plain, { recursive: true });
    await refused(["new", "--command", "sh", "--dir", plain, "--worktree", "x", "--detached"], /is not in a git repository/);
    writeFileSync(join(sub, "file.txt"), "changed\n");
    await refused(["new", "--command", "sh", "--dir", repo, "--worktree", "y", "--detached"], /has uncommitted changes \(1: pkg\/file\.txt\)/);
    await git(["checkout", "--", "."]);
  });

  it("a start that fails takes its worktree and branch away again", async () => {
    await refused(["new", "--backend", "nosuchcli", "--dir", repo, "--worktree", "gone", "--detached"], /nosuchcli/);
  });
});
