import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import { LONG } from "./harness.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";

/**
 * Issue 30's loop with the real CLIs: a session in a new worktree, its agent changes a file through
 * its own tool (the fake model's tool call), agentmux diff shows it, the review popup's comment goes
 * to the agent (its transcript has it, and the fake model acts on it: a second change), the work is
 * committed, merged into main, and the worktree removed once the session has ended.
 */
interface LoopSetup {
  server: TestServer;
  repo: string;
  worktrees: string;
}

const GIT = ["-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid"];

function makeRepo(root: string): string {
  const repo = join(root, "loop-repo");
  mkdirSync(repo, { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main", repo]);
  writeFileSync(join(repo, "README"), "e2e\n");
  execFileSync("git", ["-C", repo, "add", "README"]);
  execFileSync("git", ["-C", repo, ...GIT, "commit", "-q", "-m", "first"]);
  return repo;
}

async function ok(s: TestServer, args: string[]): Promise<string> {
  const r = await s.cli(args);
  assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
  return String(r.stdout);
}

/** The review popup in a window of its own: put a comment on the line holding `line`, and send it. */
async function reviewAndSend(s: TestServer, pane: string, line: string, comment: string): Promise<void> {
  const p = String((await s.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "node", CLI, "-L", s.name, "review", pane])).stdout).trim();
  await s.waitForScreen(p, /review .* · file 1\/\d+ · 0 comments/, LONG);
  const cursorRow = async () => (await s.capture(p)).split("\n").find((l) => l.startsWith("›")) ?? "";
  for (let i = 0; i < 20 && !(await cursorRow()).includes(line); i++) {
    const row = await cursorRow();
    await s.tmux(["send-keys", "-t", p, "j"]);
    await s.waitFor("the cursor to move", async () => (await cursorRow()) !== row, LONG);
  }
  assert.match(await cursorRow(), new RegExp(line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await s.tmux(["send-keys", "-t", p, "c"]);
  await s.waitForScreen(p, /^comment: █/m, LONG);
  await s.tmux(["send-keys", "-t", p, "-l", comment]);
  await s.tmux(["send-keys", "-t", p, "Enter"]);
  await s.waitForScreen(p, /· 1 comment/, LONG);
  await s.tmux(["send-keys", "-t", p, "s"]);
  await s.waitFor("the review popup to close", async () => !String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n").includes(p), LONG);
}

/** Commit the worktree's work, merge it into main, end the session, remove the worktree. */
async function commitMergeRemove(setup: LoopSetup, pane: string, tree: string, expect: Record<string, RegExp>): Promise<void> {
  const { server: s, repo } = setup;
  execFileSync("git", ["-C", tree, "add", "-A"]);
  execFileSync("git", ["-C", tree, ...GIT, "commit", "-q", "-m", "the agent's work"]);
  const merged = JSON.parse(await ok(s, ["merge", pane, "--json"])) as { into: string; commits: number };
  assert.deepEqual([merged.into, merged.commits], ["main", 1]);
  for (const [file, content] of Object.entries(expect)) assert.match(execFileSync("git", ["-C", repo, "show", `main:${file}`], { encoding: "utf8" }), content);
  const refused = await s.cli(["worktree", "remove", pane]);
  assert.equal(refused.exitCode, 1, "not while its session runs");
  await ok(s, ["kill", "-y", pane]);
  assert.match(await ok(s, ["worktree", "remove", tree]), /^removed /);
  assert.ok(!existsSync(tree));
}

const claude = findClaude();

describe("the review loop with the real Claude Code against a fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let setup: LoopSetup | undefined;
  let configDir = "";

  const ready = (t: TestContext): LoopSetup | undefined => {
    if (claude.bin !== null) return setup;
    t.skip(`Claude Code is not available: ${claude.reason}`);
    return undefined;
  };

  before(async () => {
    if (claude.bin === null) return;
    fake = await startFakeAnthropic({ port: 0 });
    const server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    const repo = makeRepo(server.home);
    const worktrees = join(server.home, "worktrees");
    configDir = join(server.home, "claude-config");
    // Trust comes from an ancestor: the home holds the repository and the worktrees.
    seedClaudeHome(configDir, { projects: [server.home, repo], apiKey: "dummy", version: claude.version });
    // acceptEdits: the fake's Write and Edit go through without a dialog (the dialogs have tests of their own).
    writeConfig(server.home, { branch: { worktreeDirectory: worktrees }, backends: { claude: { args: ["--permission-mode", "acceptEdits"] } } });
    await server.start();
    await server.setServerEnv({ ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") });
    setup = { server, repo, worktrees };
  });

  after(async () => {
    try { await setup?.server.stop(); } finally { await fake?.close(); }
  });

  it("worktree → the agent writes a file → diff → a review comment it acts on → merge → cleanup", async (t) => {
    const su = ready(t);
    if (!su) return;
    const s = su.server;
    const made = JSON.parse(await ok(s, ["new", "--backend", "claude", "--dir", su.repo, "--worktree", "note-fix", "--detached", "--json"])) as { pane: string; worktree: { path: string } };
    const { pane } = made;
    const tree = made.worktree.path;
    const note = join(tree, "note.txt");
    await waitForState(s, pane, "idle", LONG);
    await ok(s, ["send", pane, `E2E_WRITE E2E_CMD=${note} write the note`]);
    await s.waitFor("the agent's Write", () => existsSync(note), LONG);
    await waitForState(s, pane, "waiting", LONG);
    const diff = JSON.parse(await ok(s, ["diff", pane, "--json"])) as { files: Array<{ path: string; status: string; added: number }>; diff: string };
    assert.deepEqual(diff.files.map((f) => [f.path, f.status, f.added]), [["note.txt", "untracked", 1]]);
    assert.match(diff.diff, /^\+old line$/m);
    // The comment asks for the edit (the fake model's E2E_EDIT: "old line" becomes "new line").
    await reviewAndSend(s, pane, "+old line", `E2E_EDIT E2E_CMD=${note} say new`);
    await s.waitFor("the agent's Edit", () => readFileSync(note, "utf8") === "new line\n", LONG);
    await waitForState(s, pane, "waiting", LONG);
    const transcript = JSON.parse(await ok(s, ["read", pane, "--transcript", "--last", "4", "--json"])) as unknown;
    assert.match(JSON.stringify(transcript), /note\.txt:1\\n> \+old line\\nE2E_EDIT/);
    await commitMergeRemove(su, pane, tree, { "note.txt": /^new line\n$/ });
  });
});

const codex = findCodex();

describe("the review loop with the real Codex against a fake OpenAI API", () => {
  let fake: FakeOpenAI | undefined;
  let setup: LoopSetup | undefined;

  const ready = (t: TestContext): LoopSetup | undefined => {
    if (codex.bin !== null) return setup;
    t.skip(`Codex is not available: ${codex.reason}`);
    return undefined;
  };

  before(async () => {
    if (codex.bin === null) return;
    fake = await startFakeOpenAI({ port: 0 });
    const home = join(process.env["TMPDIR"] ?? "/tmp", `agentmux-codex-loop-${process.pid}`);
    const codexHome = join(home, ".codex");
    const server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, CODEX_HOME: codexHome });
    const repo = makeRepo(server.home);
    const worktrees = join(server.home, "worktrees");
    seedCodexHome(codexHome, { projects: [repo, join(worktrees, "loop-repo-patch-it")], providerUrl: fake.url });
    writeConfig(server.home, { branch: { worktreeDirectory: worktrees } });
    await server.start();
    await server.setServerEnv({ ...codexEnv(codexHome), HOME: home });
    setup = { server, repo, worktrees };
  });

  after(async () => {
    try { await setup?.server.stop(); } finally { await fake?.close(); }
  });

  it("worktree → the agent writes a file with its shell tool → diff → a review comment it acts on → merge → cleanup", async (t) => {
    const su = ready(t);
    if (!su) return;
    const s = su.server;
    const made = JSON.parse(await ok(s, ["new", "--backend", "codex", "--dir", su.repo, "--worktree", "patch-it", "--detached", "--json"])) as { pane: string; worktree: { path: string } };
    const { pane } = made;
    const tree = made.worktree.path;
    await s.waitForScreen(pane, /^› /m, LONG);
    await waitForState(s, pane, "idle", LONG);
    /** Codex asks before running the command (require_escalated): y, as a person answers. */
    const applied = async (file: string) => {
      await s.waitFor(`${file} written`, async () => {
        if (existsSync(join(tree, file))) return true;
        if (/Would you like to run the following command\?/.test(await s.capture(pane))) await s.tmux(["send-keys", "-t", pane, "y"]);
        return false;
      }, LONG).catch(async (e: Error) => { throw new Error(`${e.message}; the pane shows:\n${await s.capture(pane)}`); });
    };
    await ok(s, ["send", pane, "E2E_WRITE=first.txt add the first file"]);
    await applied("first.txt");
    await waitForState(s, pane, "waiting", LONG);
    const diff = JSON.parse(await ok(s, ["diff", pane, "--json"])) as { files: Array<{ path: string; status: string }>; diff: string };
    assert.deepEqual(diff.files.map((f) => [f.path, f.status]), [["first.txt", "untracked"]]);
    assert.match(diff.diff, /^\+written by the fake model$/m);
    await reviewAndSend(s, pane, "+written by the fake model", "E2E_WRITE=second.txt add a second file too");
    await applied("second.txt");
    await waitForState(s, pane, "waiting", LONG);
    const transcript = JSON.parse(await ok(s, ["read", pane, "--transcript", "--last", "4", "--json"])) as unknown;
    assert.match(JSON.stringify(transcript), /first\.txt:1\\n> \+written by the fake model\\nE2E_WRITE=second\.txt/);
    await commitMergeRemove(su, pane, tree, { "first.txt": /^written by the fake model\n$/, "second.txt": /^written by the fake model\n$/ });
  });
});
