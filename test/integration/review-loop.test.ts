import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { commitRepo, GIT_ENV } from "../helpers/git-repo.ts";

interface DiffJson { root: string; base: string; against: string; worktree: { branch: string; from: string } | null; files: Array<{ path: string; status: string; added: number | null; removed: number | null; skipped?: string }>; diff?: string }
interface Row { branch: string; path: string; from: string; ahead: number | null; behind: number | null; dirty: boolean; changes: string[]; exists: boolean; session: { pane: string; state: string } | null }

describe("the review loop's git side: diff, worktree list/remove and merge against real repositories", () => {
  const server = new TestServer({ ...GIT_ENV, GIT_CONFIG_GLOBAL: "/dev/null" });
  // A repository whose name has a space, unicode, '#' and '%'.
  const repo = join(server.work, "rép o #2 %y");
  const git = (args: string[], cwd = repo) => execa("git", args, { cwd, env: { ...server.env }, extendEnv: false, reject: false });
  const ok = async (args: string[]) => {
    const r = await server.cli(args);
    assert.equal(r.exitCode, 0, `${args.join(" ")}: ${String(r.stderr)}`);
    return String(r.stdout);
  };
  const rows = async () => (JSON.parse(await ok(["worktree", "list", "--json"])) as { worktrees: Row[] }).worktrees;
  const head = async (cwd = repo) => String((await git(["rev-parse", "HEAD"], cwd)).stdout);
  let pane = "";
  let tree = "";

  before(async () => {
    await server.start();
    // Pane ids above %10, as in use.
    for (let i = 0; i < 11; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
    await commitRepo(repo, { ...server.env }, { "src/app.txt": "alpha\nbeta\ngamma\n", "README": "read me\n" });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("new --worktree names the branch from the task; diff shows its committed, uncommitted and untracked changes against the branch point", async () => {
    const made = JSON.parse(await ok(["new", "--backend", "claude", "--dir", repo, "--worktree", "--prompt", "Fix the “login” bug, now!", "--detached", "--json"])) as { pane: string; worktree: { path: string; branch: string } };
    pane = made.pane;
    tree = made.worktree.path;
    assert.equal(made.worktree.branch, "fix-the-login-bug-now");
    // main moves on after the branch point: its commit is not the session's change.
    writeFileSync(join(repo, "README"), "read me again\n");
    await git(["commit", "-qam", "main moves on"]);
    // The agent's work: one commit, one uncommitted edit, new files (a name with spaces and unicode, a FIFO that must never be opened).
    writeFileSync(join(tree, "src/app.txt"), "alpha\nBETA\ngamma\n");
    await git(["commit", "-qam", "beta shouts"], tree);
    writeFileSync(join(tree, "src/app.txt"), "alpha\nBETA\ngamma\ndelta\n");
    writeFileSync(join(tree, "notes é #1.md"), "a note\nsecond line\n");
    await execa("mkfifo", [join(tree, "pipe")]);
    symlinkSync("/dev/zero", join(tree, "zero"));
    const stat = JSON.parse(await ok(["diff", pane, "--stat", "--json"])) as DiffJson;
    assert.equal(stat.worktree?.branch, "fix-the-login-bug-now");
    assert.equal(stat.worktree?.from, "main");
    assert.match(stat.against, /branch point of fix-the-login-bug-now with main/);
    assert.deepEqual(stat.files.map((f) => [f.path, f.status, f.added, f.removed]), [["src/app.txt", "modified", 2, 1], ["notes é #1.md", "untracked", 2, 0], ["zero", "untracked", null, null]]);
    assert.equal(stat.files[2]?.skipped, "a symbolic link", "a link to /dev/zero is never read; the FIFO git does not list at all");
    assert.ok(!stat.files.some((f) => f.path === "README"), "main's own commit after the branch point is not the session's change");
    const text = await ok(["diff", pane]);
    assert.match(text, /^-beta$/m);
    assert.match(text, /^\+BETA$/m);
    assert.match(text, /^\+delta$/m);
    assert.match(text, /^\+second line$/m);
    assert.match(text, /new file \(untracked, a symbolic link: not shown\)/);
    const one = JSON.parse(await ok(["diff", pane, "--file", "src/app.txt", "--json"])) as DiffJson;
    assert.deepEqual(one.files.map((f) => f.path), ["src/app.txt"]);
  });

  it("worktree list: the branch, its live session, ahead/behind main and the uncommitted changes", async () => {
    const [row] = await rows();
    assert.ok(row);
    assert.equal(row.branch, "fix-the-login-bug-now");
    assert.equal(row.session?.pane, pane);
    assert.deepEqual([row.ahead, row.behind, row.dirty, row.exists], [1, 1, true, true]);
    const text = await ok(["worktree", "list"]);
    assert.match(text, /fix-the-login-bug-now\t.*1 ahead, 1 behind main\t3 uncommitted/);
  });

  it("merge refuses a dirty worktree and a conflicting merge, changing nothing", async () => {
    const before = await head();
    const dirty = await server.cli(["merge", pane]);
    assert.equal(dirty.exitCode, 1);
    assert.match(String(dirty.stderr), /uncommitted change/);
    await execa("rm", [join(tree, "pipe")]);
    await git(["add", "-A"], tree);
    await git(["commit", "-qm", "delta and notes"], tree);
    // main changes the same line: the merge would conflict.
    writeFileSync(join(repo, "src/app.txt"), "alpha\nBeta from main\ngamma\n");
    await git(["commit", "-qam", "main edits beta"]);
    const conflicted = await head();
    const refused = await server.cli(["merge", pane]);
    assert.equal(refused.exitCode, 1);
    assert.match(String(refused.stderr), /would conflict in 1 file: src\/app\.txt/);
    assert.equal(await head(), conflicted, "main untouched");
    assert.ok(!existsSync(join(repo, ".git", "MERGE_HEAD")), "no half-merge");
    assert.equal(String((await git(["status", "--porcelain"])).stdout), "", "main's checkout clean");
    await git(["reset", "-q", "--hard", before]);
  });

  it("merge: the branch into main where main is checked out; then remove waits for the session to end", async () => {
    const merged = JSON.parse(await ok(["merge", pane, "--json"])) as { into: string; commits: number; head: string; where: string };
    assert.equal(merged.into, "main");
    assert.equal(merged.commits, 2);
    assert.equal(await head(), merged.head);
    assert.match(String((await git(["show", "HEAD:src/app.txt"])).stdout), /BETA\ngamma\ndelta/);
    const [row] = await rows();
    assert.equal(row?.ahead, 0);
    const busy = await server.cli(["worktree", "remove", "fix-the-login-bug-now"]);
    assert.equal(busy.exitCode, 1);
    assert.match(String(busy.stderr), /its session .* \(%\d\d+\) is waiting in .*end it first/);
    const killed = await server.cli(["kill", "-y", pane]);
    assert.equal(killed.exitCode, 0);
    assert.match(String(killed.stderr), /the worktree .* \(branch fix-the-login-bug-now\) is kept; agentmux worktree remove fix-the-login-bug-now removes it/, "kill says what became of its worktree");
    const removed = await ok(["worktree", "remove", "fix-the-login-bug-now"]);
    assert.match(removed, /^removed /);
    assert.ok(!existsSync(tree));
    assert.equal(String((await git(["branch", "--list", "fix-the-login-bug-now"])).stdout), "");
    assert.deepEqual(await rows(), []);
  });

  it("remove refuses unmerged work without --force, and with it says what was lost", async () => {
    const made = JSON.parse(await ok(["new", "--command", "sh", "--dir", repo, "--worktree", "spike", "--detached", "--json"])) as { pane: string; worktree: { path: string } };
    writeFileSync(join(made.worktree.path, "spike.txt"), "try\n");
    await git(["add", "spike.txt"], made.worktree.path);
    await git(["commit", "-qm", "a spike"], made.worktree.path);
    writeFileSync(join(made.worktree.path, "README"), "changed\n");
    const killed = await server.cli(["kill", "-y", made.pane]);
    assert.match(String(killed.stderr), /is kept: it has 1 uncommitted change \(README\) and 1 unmerged commit .*agentmux merge spike merges it/);
    const refused = await server.cli(["worktree", "remove", "spike"]);
    assert.equal(refused.exitCode, 1);
    assert.match(String(refused.stderr), /1 uncommitted change \(README\) and 1 unmerged commit \([0-9a-f]+ a spike\)/);
    assert.ok(existsSync(join(made.worktree.path, "README")), "a dirty worktree is never removed");
    const forced = await ok(["worktree", "remove", "spike", "--force"]);
    assert.match(forced, /lost: 1 uncommitted change \(README\) and 1 unmerged commit/);
    assert.ok(!existsSync(made.worktree.path));
  });

  it("merge --squash makes one commit on main; --rebase fast-forwards main onto the rebased branch", async () => {
    for (const [name, how] of [["sq", "--squash"], ["rb", "--rebase"]] as const) {
      const made = JSON.parse(await ok(["new", "--command", "sh", "--dir", repo, "--worktree", name, "--detached", "--json"])) as { pane: string; worktree: { path: string } };
      for (const n of [1, 2]) {
        writeFileSync(join(made.worktree.path, `${name}-${n}.txt`), `${n}\n`);
        await git(["add", "."], made.worktree.path);
        await git(["commit", "-qm", `${name} ${n}`], made.worktree.path);
      }
      // main moves on meanwhile: a rebase has something to rebase onto.
      writeFileSync(join(repo, `main-${name}.txt`), "m\n");
      await git(["add", "."]);
      await git(["commit", "-qm", `main before ${name}`]);
      const before = await head();
      const merged = JSON.parse(await ok(["merge", made.pane, how, "--json"])) as { how: string; commits: number; head: string };
      assert.equal(merged.commits, 2);
      const log = String((await git(["log", "--format=%s", `${before}..HEAD`])).stdout).split("\n");
      if (how === "--squash") assert.deepEqual(log, ["sq: 2 commits squashed (agentmux)"]);
      else assert.deepEqual(log, ["rb 2", "rb 1"], "linear: the branch's commits on top of main");
      assert.equal(String((await git(["status", "--porcelain"])).stdout), "");
      await ok(["kill", "-y", made.pane]);
      // Squashed: its commits are not ancestors of main, but their content is there, so nothing is lost.
      await ok(["worktree", "remove", name]);
    }
  });

  it("kill at a terminal asks whether to remove its worktree when nothing would be lost, and removes it on yes", async () => {
    const made = JSON.parse(await ok(["new", "--command", "sh", "--dir", repo, "--worktree", "clean-one", "--detached", "--json"])) as { pane: string; worktree: { path: string } };
    const p = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", `node ${CLI} -L ${server.name} kill ${made.pane}; sleep 30`])).stdout).trim();
    await server.waitForScreen(p, /Kill .*\?/);
    await server.tmux(["send-keys", "-t", p, "y", "Enter"]);
    await server.waitForScreen(p, /Remove its worktree .*clean-one and branch clean-one\? \(nothing is unmerged/);
    await server.tmux(["send-keys", "-t", p, "y", "Enter"]);
    await server.waitForScreen(p, /removed .*clean-one \(branch clean-one\)/);
    assert.ok(!existsSync(made.worktree.path));
    assert.equal(String((await git(["branch", "--list", "clean-one"])).stdout), "");
    await server.tmux(["kill-pane", "-t", p]);
  });

  it("a session in a plain checkout: diff against the commit it started at, committed and uncommitted", async () => {
    const dir = join(repo, "src");
    const started = await head();
    const plain = (await ok(["new", "--command", "sh", "--dir", dir, "--detached"])).trim();
    writeFileSync(join(repo, "src/app.txt"), "alpha\nbeta\ngamma\nepsilon\n");
    await git(["commit", "-qam", "epsilon"]);
    mkdirSync(join(repo, "docs"), { recursive: true });
    writeFileSync(join(repo, "docs", "big.bin"), Buffer.alloc(300 * 1024, 1));
    const d = JSON.parse(await ok(["diff", plain, "--json"])) as DiffJson;
    assert.equal(d.base, started);
    assert.equal(d.against, "the commit it started at");
    assert.equal(d.worktree, null);
    assert.deepEqual(d.files.map((f) => [f.path, f.status, f.skipped ?? null]), [["src/app.txt", "modified", null], ["docs/big.bin", "untracked", "larger than 256 KiB"]]);
    assert.match(d.diff ?? "", /^\+epsilon$/m);
    await ok(["kill", "-y", plain]);
  });

  it("bad input: a merge of a session outside a worktree, a directory outside git", async () => {
    const outside = join(server.work, "not git");
    mkdirSync(outside, { recursive: true });
    const p = (await ok(["new", "--command", "sh", "--dir", outside, "--detached"])).trim();
    const diff = await server.cli(["diff", p]);
    assert.equal(diff.exitCode, 1);
    assert.match(String(diff.stderr), /not in a git repository: there is nothing to diff/);
    const merge = await server.cli(["merge", p]);
    assert.equal(merge.exitCode, 1);
    assert.match(String(merge.stderr), /does not run in a worktree agentmux made/);
    const both = await server.cli(["merge", p, "--squash", "--rebase"]);
    assert.notEqual(both.exitCode, 0);
    assert.match(String(both.stderr), /--squash and --rebase together/);
    await ok(["kill", "-y", p]);
  });
});
