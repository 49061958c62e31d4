import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, FIXTURE_BIN, TestServer } from "../helpers/tmux-server.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { writeConfig } from "../helpers/config.ts";
import { listJson, paneOption } from "../helpers/agentmux-session.ts";
import { which } from "../../src/util/which.ts";
import { commitRepo, GIT_ENV } from "../helpers/git-repo.ts";
import { claudeProjectName } from "../../src/backends/claude/lineage.ts";

// A HOME of its own: the canonical ~/.claude and the account home ~/.claude-a are the test's.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-branch-")));

const CONFIG = { backends: { claude: { accounts: { a: { home: "~/.claude-a" } } } }, usage: { claude: { url: "http://127.0.0.1:9/none" } } };

interface Started { args: string[]; env: { CLAUDE_CONFIG_DIR?: string } }

describe("branch and branches: fork a session, navigate its family", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude"), GIT_CONFIG_GLOBAL: "/dev/null", ...GIT_ENV });
  const log = join(server.home, "agents.log");
  // The parent of the worktree tests: a repository whose name has spaces, unicode, '#' and '%'.
  const repo = join(server.work, "rép o #1 %x");
  const treesDir = join(server.home, "cache", "worktrees");
  const starts = (): Started[] => {
    try {
      return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Started & { event: string }).filter((e) => e.event === "start");
    } catch {
      return [];
    }
  };
  const git = (args: string[], cwd = repo) => execa("git", args, { cwd, env: { ...server.env }, extendEnv: false });
  const windows = async () => String((await server.tmux(["list-windows", "-a", "-F", "#{window_id}"])).stdout).split("\n").filter(Boolean).length;
  const trees = () => (existsSync(treesDir) ? readdirSync(treesDir) : []);
  /** Wait until the session's turn is over (the daemon shows it idle, or waiting for its answer to be read). */
  const settled = async (pane: string) => {
    let last = "";
    await server.waitFor(`${pane} settled`, async () => ["idle", "waiting"].includes(last = await paneOption(server, pane, "@agentmux-state")), 15_000)
      .catch((e: Error) => { throw new Error(`${e.message} (last state: ${last || "unknown"})`); });
  };
  const nativeId = async (pane: string, not = "") => {
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "" && id !== not);
    return id;
  };
  const startSession = async (instance: string, options: { dir?: string; backend?: string; extra?: string[]; prompt?: string | null } = {}) => {
    const backend = options.backend ?? "claude";
    const r = await server.cli(["new", "--backend", backend, "--dir", options.dir ?? server.work, "--instance", instance, "--detached", ...(options.extra ?? [])]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /❯/);
    if (options.prompt !== null) {
      const prompt = options.prompt ?? `the first word of ${instance}`;
      await server.cli(["send", pane, prompt]);
      await server.waitForScreen(pane, new RegExp(`received: ${prompt}`));
    }
    const id = await nativeId(pane);
    if (backend === "claude") await settled(pane);
    return { pane, id };
  };
  const forkOf = async (r: { exitCode?: number; stdout: unknown; stderr: unknown }) => {
    assert.equal(r.exitCode, 0, String(r.stderr));
    const result = JSON.parse(String(r.stdout)) as { pane: string; parent: string; forkedFrom: string; dir: string; worktree: { path: string; branch: string } | null };
    await server.waitForScreen(result.pane, /❯/);
    return result;
  };
  /** A refusal: non-zero, the reason on one line, and nothing created (no window, no worktree). */
  const refused = async (args: string[], pattern: RegExp, env?: Record<string, string>) => {
    const [windowsBefore, treesBefore, startsBefore] = [await windows(), trees().length, starts().length];
    const r = await server.cli(args, env ? { env } : {});
    assert.notEqual(r.exitCode, 0, String(r.stdout));
    assert.match(String(r.stderr), pattern);
    assert.equal(String(r.stderr).trim().split("\n").length, 1, String(r.stderr));
    assert.equal(await windows(), windowsBefore, "no window was opened");
    assert.equal(trees().length, treesBefore, "no worktree was created");
    assert.equal(starts().length, startsBefore, "no agent was started");
  };

  before(async () => {
    claudeAccounts(server, ["a"], CONFIG, { home: userHome });
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
    // Pane ids above %10: what a pane id becomes in a format or a target must not depend on one digit.
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sh"]);
    await server.tmux(["kill-window", "-a", "-t", "base:0"]);
    await commitRepo(repo, { ...server.env }, { "file.txt": "one\n" });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("forks into a window of its own under the same account, inheriting the conversation", async () => {
    const parent = await startSession("par", { extra: ["--account", "a"], prompt: "remember PARROT" });
    assert.ok(Number(parent.pane.slice(1)) > 10, parent.pane);
    const parentWindow = await paneOption(server, parent.pane, "@agentmux-backend").then(() => server.tmux(["display-message", "-p", "-t", parent.pane, "#{window_id}"]));
    const fork = await forkOf(await server.cli(["branch", parent.pane, "--json"]));
    assert.equal(fork.parent, parent.pane);
    assert.equal(fork.forkedFrom, parent.id);
    assert.equal(fork.worktree, null);
    assert.equal(await paneOption(server, fork.pane, "@agentmux-forked-from"), parent.id);
    assert.equal(await paneOption(server, fork.pane, "@agentmux-account"), "a");
    assert.match(await paneOption(server, fork.pane, "@agentmux-instance"), /^b-\d{6}(-\d+)?$/);
    const forkWindow = await server.tmux(["display-message", "-p", "-t", fork.pane, "#{window_id}"]);
    assert.notEqual(String(forkWindow.stdout), String(parentWindow.stdout), "a window of its own");
    const started = starts().at(-1) as Started;
    assert.equal(started.args[started.args.indexOf("--resume") + 1], parent.id, JSON.stringify(started.args));
    assert.ok(started.args.includes("--fork-session"));
    assert.equal(started.env.CLAUDE_CONFIG_DIR, join(userHome, ".claude-a"));
    await server.cli(["send", fork.pane, "/history"]);
    await server.waitForScreen(fork.pane, /history: remember PARROT/);
    const forkId = await nativeId(fork.pane, parent.id);

    // branches: parent and fork, the one asked about marked current.
    const tree = await server.cli(["branches", fork.pane, "--json"]);
    assert.equal(tree.exitCode, 0, String(tree.stderr));
    const rows = JSON.parse(String(tree.stdout)) as Array<{ id: string; current: boolean; live: boolean; pane: string | null; depth: number; firstPrompt: string }>;
    const byId = new Map(rows.map((r) => [r.id, r]));
    assert.equal(byId.get(parent.id)?.depth, 0, JSON.stringify(rows));
    assert.equal(byId.get(forkId)?.depth, 1, JSON.stringify(rows));
    assert.equal(byId.get(forkId)?.current, true);
    assert.equal(byId.get(parent.id)?.current, false);
    assert.equal(byId.get(parent.id)?.pane, parent.pane);
    assert.equal(byId.get(parent.id)?.firstPrompt, "remember PARROT");
    const printed = await server.cli(["branches", fork.pane]);
    assert.match(String(printed.stdout), /^remember PARROT .* live %\d+/m);
    assert.match(String(printed.stdout), /^ {2}\* remember PARROT/m);

    // --pick a live one: its pane is shown.
    await server.tmux(["select-window", "-t", fork.pane]);
    const pick = await server.cli(["branches", fork.pane, "--pick", parent.id]);
    assert.equal(pick.exitCode, 0, String(pick.stderr));
    assert.match(String(pick.stdout), new RegExp(`switched to ${parent.pane}`));
    assert.equal(String((await server.tmux(["display-message", "-p", "-t", parent.pane, "#{window_active}"])).stdout).trim(), "1");

    // At a terminal: a picker opened on the current one; Up and Enter take the parent.
    const shell = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
    await server.tmux(["send-keys", "-t", shell, `node ${CLI} branches ${fork.pane}; echo "exit=$?"`, "Enter"]);
    await server.waitForScreen(shell, /branches of [\s\S]*\* remember PARROT/);
    await server.tmux(["send-keys", "-t", shell, "Up"]);
    await server.tmux(["send-keys", "-t", shell, "Enter"]);
    await server.waitForScreen(shell, new RegExp(`switched to ${parent.pane}[\\s\\S]*exit=0`));
    await server.tmux(["kill-pane", "-t", shell]);

    // A past one (the parent exited) resumes in a new window, under its account.
    await server.cli(["send", parent.pane, "/exit"]);
    await server.waitFor("the parent listed as exited", async () => (await listJson(server)).some((s) => s["pane"] === parent.pane && s["state"] === "exited"));
    const before = starts().length;
    const resumed = await server.cli(["branches", fork.pane, "--pick", parent.id, "--json"]);
    assert.equal(resumed.exitCode, 0, String(resumed.stderr));
    const done = JSON.parse(String(resumed.stdout)) as { pane: string; resumed: boolean };
    assert.equal(done.resumed, true);
    await server.waitFor("the resumed parent", () => starts().length > before);
    const again = starts().at(-1) as Started;
    assert.equal(again.args[again.args.indexOf("--resume") + 1], parent.id);
    assert.ok(!again.args.includes("--fork-session"));
    assert.equal(again.env.CLAUDE_CONFIG_DIR, join(userHome, ".claude-a"));
    assert.equal(await paneOption(server, done.pane, "@agentmux-account"), "a");
    await server.cli(["send", done.pane, "/history"]);
    await server.waitForScreen(done.pane, /history: remember PARROT/);
  });

  it("a session without relatives has nothing to navigate (exit 0)", async () => {
    const alone = await startSession("alone");
    const r = await server.cli(["branches", alone.pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /has no branches/);
  });

  it("forks a codex session (codex fork ID) with its history", async () => {
    const parent = await startSession("cx", { backend: "codex", prompt: "codex says HELLO" });
    const fork = await forkOf(await server.cli(["branch", parent.pane, "--instance", "cx-fork", "--json"]));
    assert.equal(await paneOption(server, fork.pane, "@agentmux-forked-from"), parent.id);
    assert.equal(await paneOption(server, fork.pane, "@agentmux-instance"), "cx-fork");
    const started = starts().at(-1) as Started;
    assert.equal(started.args[0], "fork", JSON.stringify(started.args));
    assert.equal(started.args.at(-1), parent.id, JSON.stringify(started.args));
    await server.cli(["send", fork.pane, "/history"]);
    await server.waitForScreen(fork.pane, /history: codex says HELLO/);
    const listed = await server.cli(["branches", fork.pane, "--json"]);
    assert.equal(listed.exitCode, 0, String(listed.stderr));
    const tree = JSON.parse(String(listed.stdout)) as Array<{ id: string; current: boolean }>;
    assert.ok(tree.some((r) => r.id === parent.id && !r.current), JSON.stringify(tree));
  });

  it("--worktree runs the fork in a new worktree on a fresh branch, with the parent's history", async () => {
    const parent = await startSession("wt", { dir: repo, prompt: "worktree WORD" });
    const fork = await forkOf(await server.cli(["branch", parent.pane, "--worktree", "--instance", "wt-1", "--json"]));
    const path = join(treesDir, "rép o #1 %x-wt-1");
    assert.equal(fork.worktree?.path, path);
    assert.equal(fork.worktree?.branch, "wt-1");
    assert.equal(fork.dir, path);
    assert.equal(await paneOption(server, fork.pane, "@agentmux-dir"), path);
    assert.equal((await git(["show-ref", "--verify", "-q", "refs/heads/wt-1"]).catch(() => ({ exitCode: 1 }))).exitCode, 0, "the branch exists");
    assert.equal(String((await git(["rev-parse", "--abbrev-ref", "HEAD"], path)).stdout).trim(), "wt-1");
    assert.ok(existsSync(join(path, "file.txt")));
    await server.cli(["send", fork.pane, "/history"]);
    await server.waitForScreen(fork.pane, /history: worktree WORD/);
    // Its family spans both directories: the parent in the repository, the fork in the worktree.
    const forkId = await nativeId(fork.pane, parent.id);
    for (const asked of [fork.pane, parent.pane]) {
      const tree = await server.cli(["branches", asked, "--json"]);
      assert.equal(tree.exitCode, 0, String(tree.stderr));
      const rows = JSON.parse(String(tree.stdout)) as Array<{ id: string; depth: number; dir: string; pane: string | null }>;
      assert.deepEqual(rows.map((r) => [r.id, r.depth, r.pane]), [[parent.id, 0, parent.pane], [forkId, 1, fork.pane]], `asked from ${asked}: ${JSON.stringify(rows)}`);
    }
    // The name is taken now: as an instance of a live session, and as a git branch once that session is gone.
    await refused(["branch", parent.pane, "--worktree", "--instance", "wt-1"], /cannot branch .*instance name "wt-1" is used by a live session/);
    await git(["branch", "wt-2"]);
    await refused(["branch", parent.pane, "--worktree", "--instance", "wt-2"], /cannot branch .*git branch "wt-2" exists already/);
    await git(["branch", "-D", "wt-2"]);
    mkdirSync(join(treesDir, "rép o #1 %x-wt-3"));
    await refused(["branch", parent.pane, "--worktree", "--instance", "wt-3"], /cannot branch .*wt-3 exists already/);
    rmSync(join(treesDir, "rép o #1 %x-wt-3"), { recursive: true });
  });

  it("refuses a dirty tree, a detached HEAD, a missing git and a directory outside git, creating nothing", async () => {
    const parent = await startSession("ref", { dir: repo });
    writeFileSync(join(repo, "new file.txt"), "x\n");
    await refused(["branch", parent.pane, "--worktree"], /cannot branch .*uncommitted changes \(1: new file\.txt\)/);
    rmSync(join(repo, "new file.txt"));
    await git(["checkout", "-q", "--detach"]);
    try {
      await refused(["branch", parent.pane, "--worktree"], /cannot branch .*detached HEAD/);
    } finally {
      await git(["checkout", "-q", "main"]);
    }
    // A PATH with node, tmux and the fake agents, but no git.
    const bin = join(server.home, "no-git-bin");
    mkdirSync(bin, { recursive: true });
    for (const tool of ["node", "tmux"]) symlinkSync(which(tool) ?? tool, join(bin, tool));
    await refused(["branch", parent.pane, "--worktree"], /cannot branch .*git is not installed/, { PATH: `${FIXTURE_BIN}:${bin}` });
    const outside = await startSession("outside");
    await refused(["branch", outside.pane, "--worktree"], /cannot branch .*is not in a git repository/);
    assert.deepEqual(String((await git(["branch", "--list"])).stdout).split("\n").map((l) => l.replace(/^[*+ ]+/, "")).filter(Boolean).sort(), ["main", "wt-1"]);
  });

  it("refuses a session that cannot be forked: a gemini session, no native id, no exchange yet, a plain command", async () => {
    const gemini = await server.cli(["new", "--backend", "gemini", "--dir", server.work, "--instance", "gem", "--detached"]);
    assert.equal(gemini.exitCode, 0, String(gemini.stderr));
    await server.waitForScreen(String(gemini.stdout).trim(), /fake agent ready/);
    await refused(["branch", String(gemini.stdout).trim()], /cannot branch .*Gemini CLI cannot fork/);
    const fresh = await startSession("fresh", { prompt: null });
    await refused(["branch", fresh.pane], /cannot branch .*no completed exchange yet.*send it a message first/);
    const noid = await startSession("noid");
    await refused(["branch", noid.pane, "--instance", "bad name"], /cannot branch .*instance name "bad name" is not valid/);
    await server.tmux(["set-option", "-p", "-t", noid.pane, "@agentmux-id", ""]);
    await refused(["branch", noid.pane], /cannot branch .*native session id is not known/);
    const plain = await server.cli(["new", "--command", "sleep 300", "--instance", "plain", "--detached"]);
    assert.equal(plain.exitCode, 0, String(plain.stderr));
    await server.waitFor("the plain command", async () => /sleep/.test(String((await server.tmux(["display-message", "-p", "-t", String(plain.stdout).trim(), "#{pane_current_command}"])).stdout)));
    await refused(["branch", String(plain.stdout).trim()], /cannot branch .*plain command/);
  });

  it("a fork that cannot start in the worktree removes the worktree and its branch (a directory rule names another account there)", async () => {
    const parent = await startSession("rule", { dir: repo });
    writeConfig(server.home, { ...CONFIG, directoryRules: [{ dir: treesDir, account: "a" }] });
    try {
      await refused(["branch", parent.pane, "--worktree", "--instance", "ruled"], /cannot branch .*would run under account a, not the CLI's own home.*the worktree and its branch were removed/);
      assert.equal((await git(["show-ref", "--verify", "-q", "refs/heads/ruled"]).catch(() => ({ exitCode: 1 }))).exitCode, 1, "no branch left");
      assert.ok(!existsSync(join(treesDir, "rép o #1 %x-ruled")), "no worktree left");
      assert.ok(!String((await git(["worktree", "list"])).stdout).includes("ruled"), "git forgot the worktree");
      // The parent's transcript copied for the worktree went with it; the parent's own stays.
      const projects = join(userHome, ".claude", "projects");
      assert.ok(existsSync(join(projects, claudeProjectName(repo), `${parent.id}.jsonl`)), "the parent's transcript is kept");
      assert.deepEqual(readdirSync(projects).filter((d) => d.includes("ruled")).flatMap((d) => readdirSync(join(projects, d))), [], "no copy left for the worktree");
    } finally {
      writeConfig(server.home, CONFIG);
    }
  });
});
