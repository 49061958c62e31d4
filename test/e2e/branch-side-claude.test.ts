import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { startFakeAnthropic, type FakeAnthropic, type LoggedRequest } from "./fake-anthropic.ts";
import { isObject, type Json } from "./fake-model.ts";
import { claudeProjectName } from "../../src/backends/claude/lineage.ts";

// Issue #15 against the real Claude Code: a branch and a side conversation inherit the parent's
// conversation (the fake's E2E_RECALL answers with the MARK- words of the history it was sent),
// the side policy reaches the model on both channels, and conclude, dismiss and resume do what
// they say to the CLI's own files.

const PROMPT = /^❯\u00a0/m;
const BOUNDARY = "<side-conversation-boundary>";
const POLICY_LINE = "Do not continue the parent's task";
const claude = findClaude();

/** The typed text blocks of a request's last user message (Claude adds <system-reminder> blocks). */
function typedBlocks(request: LoggedRequest): string[] {
  const body = isObject(request.body) ? request.body : {};
  const messages = Array.isArray(body["messages"]) ? (body["messages"] as unknown[]).filter(isObject) : [];
  const last = [...messages].reverse().find((m) => m["role"] === "user");
  const content = last?.["content"];
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return (content as unknown[]).filter(isObject).filter((b) => b["type"] === "text").map((b) => String((b as Json)["text"]))
    .filter((t) => !/^\s*<system-reminder>/.test(t));
}

function systemText(request: LoggedRequest): string {
  const body = isObject(request.body) ? request.body : {};
  const system = body["system"];
  if (typeof system === "string") return system;
  return Array.isArray(system) ? (system as unknown[]).filter(isObject).map((b) => String(b["text"] ?? "")).join("\n") : "";
}

describe("branches and side conversations with the real Claude Code against a fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let configDir = "";
  let parent = "";
  let parentId = "";
  let fork = "";
  let forkConversation = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (claude.bin !== null) return server;
    t.skip(`Claude Code is not available: ${claude.reason}`);
    return undefined;
  };
  // The user types after what agentmux left in the input line (the boundary, a quote) and submits
  // both; agentmux send refuses to submit onto a draft, so the test types as the user does.
  const typeAsUser = async (s: TestServer, pane: string, text: string): Promise<void> => {
    await s.tmux(["send-keys", "-t", pane, "-l", text]);
    // A narrow pane wraps the line: its last two words, whatever the break between them.
    await s.waitForScreen(pane, new RegExp(text.split(" ").slice(-2).join("\\s+")), LONG);
    await new Promise((r) => setTimeout(r, 300)); // Claude Code drops a Return while its prompt still renders
    await s.tmux(["send-keys", "-t", pane, "Enter"]);
  };
  const cli = async (s: TestServer, ...args: string[]): Promise<string> => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
    return String(r.stdout);
  };
  const json = async <T>(s: TestServer, ...args: string[]): Promise<T> => JSON.parse(await cli(s, ...args, "--json")) as T;
  const requestsWith = (text: string) => (fake?.requests ?? []).filter((r) => typedBlocks(r).some((b) => b.includes(text)));
  const nativeId = async (s: TestServer, pane: string): Promise<string> => {
    let id = "";
    await s.waitFor(`${pane}'s session id`, async () => /^[0-9a-f-]{36}$/.test(id = await paneOption(s, pane, "@agentmux-id")), LONG);
    return id;
  };
  const transcript = (dir: string, id: string) => join(configDir, "projects", claudeProjectName(dir), `${id}.jsonl`);

  before(async () => {
    if (claude.bin === null) return;
    fake = await startFakeAnthropic({ port: 0 });
    server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    // A directory name with a space, a # and a %: it reaches git, tmux and Claude's project folder.
    project = join(server.home, "my project #1 %d");
    mkdirSync(project, { recursive: true });
    execFileSync("git", ["init", "-q", "-b", "main", project]);
    writeFileSync(join(project, "README"), "e2e\n");
    execFileSync("git", ["-C", project, "add", "README"]);
    execFileSync("git", ["-C", project, "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "commit", "-q", "-m", "first"]);
    configDir = join(server.home, "claude-config");
    // Trust is inherited from an ancestor: the home holds the project and the worktrees.
    seedClaudeHome(configDir, { projects: [server.home, project], apiKey: "dummy", version: claude.version });
    writeConfig(server.home, { branch: { worktreeDirectory: join(server.home, "worktrees") } });
    await server.start();
    await server.setServerEnv({ ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") });
    for (let i = 0; i < 11; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
  });

  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });

  it("a branch opens in its own window and answers from the parent's conversation", async (t) => {
    const s = ready(t);
    if (!s) return;
    parent = (await cli(s, "new", "--backend", "claude", "--dir", project, "--instance", "main")).trim();
    assert.ok(Number(parent.slice(1)) > 10, parent);
    await s.waitForScreen(parent, PROMPT, LONG);
    await waitForState(s, parent, "idle", LONG);
    await cli(s, "send", parent, "remember MARK-tulip please");
    await waitForState(s, parent, "waiting", LONG);
    parentId = await nativeId(s, parent);
    const branched = await json<{ pane: string; forkedFrom: string; dir: string }>(s, "branch", parent);
    assert.equal(branched.forkedFrom, parentId);
    const windows = String((await s.tmux(["display-message", "-p", "-t", branched.pane, "#{window_id}"])).stdout);
    assert.notEqual(windows, String((await s.tmux(["display-message", "-p", "-t", parent, "#{window_id}"])).stdout), "a window of its own");
    await s.waitForScreen(branched.pane, PROMPT, LONG);
    await cli(s, "send", branched.pane, "E2E_RECALL what did I ask?");
    await s.waitForScreen(branched.pane, /recall: MARK-tulip/, LONG);
    const forkId = await nativeId(s, branched.pane);
    assert.notEqual(forkId, parentId, "a new conversation");
    fork = branched.pane;
    forkConversation = forkId;
    assert.equal(await paneOption(s, branched.pane, "@agentmux-forked-from"), parentId);
    assert.ok(existsSync(transcript(project, parentId)), "the parent's transcript is untouched");
    // The family: branches lists the parent and the fork, the fork marked as the current one.
    const rows = await json<Array<{ id: string; current: boolean }>>(s, "branches", branched.pane);
    assert.deepEqual(rows.map((r) => r.id).sort(), [parentId, forkId].sort());
    assert.equal(rows.find((r) => r.current)?.id, forkId);
  });

  it("a branch stays in its parent's family after its pane is closed, and a kill of the parent at a terminal asks about it (lineage from the records, not the files' times)", async (t) => {
    const s = ready(t);
    if (!s) return;
    const lin = (await cli(s, "new", "--backend", "claude", "--dir", project, "--instance", "lin")).trim();
    await s.waitForScreen(lin, PROMPT, LONG);
    await waitForState(s, lin, "idle", LONG);
    await cli(s, "send", lin, "remember MARK-lin please");
    await waitForState(s, lin, "waiting", LONG);
    const linId = await nativeId(s, lin);
    const branched = await json<{ pane: string }>(s, "branch", lin);
    await s.waitForScreen(branched.pane, PROMPT, LONG);
    await cli(s, "send", branched.pane, "a question of the fork");
    await waitForState(s, branched.pane, "waiting", LONG);
    const forkId = await nativeId(s, branched.pane);
    await cli(s, "kill", branched.pane, "--yes");
    const rows = await json<Array<{ id: string; parent: string | null }>>(s, "branches", lin);
    assert.deepEqual(rows.map((r) => r.id).sort(), [linId, forkId].sort(), JSON.stringify(rows));
    // A kill at a terminal asks a second time: the copied fork still counts as its branch.
    const shell = String((await s.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
    await s.tmux(["send-keys", "-t", shell, `node ${CLI} kill ${lin}; echo "exit=$?"`, "Enter"]);
    await s.waitForScreen(shell, /\? \[y\/N\]/, LONG);
    await s.tmux(["send-keys", "-t", shell, "y", "Enter"]);
    await s.waitForScreen(shell, /has 1 branch \(sessions forked from it\)\. Kill it anyway\? \[y\/N\]/, LONG);
    await s.tmux(["send-keys", "-t", shell, "n", "Enter"]);
    await s.waitForScreen(shell, /was not killed[\s\S]*exit=1/, LONG);
    await waitForState(s, lin, "waiting", LONG);
    await cli(s, "kill", lin, "--yes");
    await s.tmux(["kill-pane", "-t", shell]);
  });

  it("a worktree branch runs in a new git worktree with the parent's history", async (t) => {
    const s = ready(t);
    if (!s || !parent) return;
    const branched = await json<{ pane: string; dir: string; worktree: { path: string; branch: string } | null }>(s, "branch", parent, "--worktree", "--instance", "wt1");
    assert.ok(branched.worktree, "a worktree was made");
    assert.ok(branched.worktree.path.startsWith(join(s.home, "worktrees")), branched.worktree.path);
    assert.equal(await paneOption(s, branched.pane, "@agentmux-dir"), branched.dir);
    assert.equal(String(execFileSync("git", ["-C", branched.dir, "rev-parse", "--abbrev-ref", "HEAD"])).trim(), branched.worktree.branch);
    assert.equal(String(execFileSync("git", ["-C", branched.dir, "rev-parse", "--show-toplevel"])).trim(), branched.worktree.path);
    await s.waitForScreen(branched.pane, PROMPT, LONG);
    await cli(s, "send", branched.pane, "E2E_RECALL in the worktree");
    await s.waitForScreen(branched.pane, /recall: MARK-tulip/, LONG);
  });

  let side = "";
  it("a side opens beside its parent; the policy is the system prompt and the boundary the first text block", async (t) => {
    const s = ready(t);
    if (!s || !parent) return;
    const opened = await json<{ pane: string; parent: string }>(s, "side", parent, "--message", "E2E_RECALL what was the marker?");
    side = opened.pane;
    assert.equal(opened.parent, parent);
    const windowOf = async (p: string) => String((await s.tmux(["display-message", "-p", "-t", p, "#{window_id}"])).stdout);
    assert.equal(await windowOf(side), await windowOf(parent), "split beside the parent");
    await s.waitForScreen(side, /recall: MARK-tulip/, LONG);
    const first = requestsWith("E2E_RECALL what was the marker?")[0];
    assert.ok(first, "the side's first prompt reached the model");
    assert.ok(typedBlocks(first)[0]?.trimStart().startsWith(BOUNDARY), `first text block: ${typedBlocks(first)[0]?.slice(0, 80)}`);
    assert.ok(systemText(first).includes(POLICY_LINE), "the system prompt carries the policy");
    const list = JSON.parse(await cli(s, "list", "--json")) as Array<{ pane: string; name: string; parent: string | null }>;
    const row = list.find((e) => e.pane === side);
    assert.equal(row?.parent, parent);
    assert.match(row?.name ?? "", / \[side\]$/);
    await waitForState(s, side, "waiting", LONG);
  });

  it("a quote lands in a new side's input line as a block quote, unsent", async (t) => {
    const s = ready(t);
    if (!s || !parent) return;
    const opened = await json<{ pane: string }>(s, "side", parent, "--quote", "the quoted words");
    // A narrow side pane wraps the line.
    await s.waitForScreen(opened.pane, />\s+the\s+quoted\s+words/, LONG);
    await waitForState(s, opened.pane, "idle", LONG);
    assert.deepEqual(requestsWith("the quoted words"), [], "nothing was sent");
    // What the user then submits begins with the boundary, the quote under it, the question last.
    await typeAsUser(s, opened.pane, "E2E_RECALL about the quote");
    await s.waitForScreen(opened.pane, /recall: MARK-tulip/, LONG);
    const asked = requestsWith("E2E_RECALL about the quote")[0];
    assert.ok(asked, "the question reached the model");
    const text = typedBlocks(asked).join("\n");
    assert.ok(text.trimStart().startsWith(BOUNDARY), text.slice(0, 80));
    assert.ok(text.indexOf("> the quoted words") < text.indexOf("E2E_RECALL about the quote"), text);
    await waitForState(s, opened.pane, "waiting", LONG);
    await cli(s, "side", "dismiss", opened.pane, "--delete");
  });

  it("conclude types the side's summary after the user's own draft in the parent, unsent, and closes the side", async (t) => {
    const s = ready(t);
    if (!s || !side) return;
    await cli(s, "send", "--no-enter", parent, "my own draft");
    await s.waitForScreen(parent, /❯\s?my own draft/, LONG);
    await cli(s, "side", "conclude", side);
    // The fake answers the handback prompt with its plain answer.
    await s.waitForScreen(parent, /my own draft[\s\S]*Hello from the fake model/, LONG);
    const panes = String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n");
    assert.ok(!panes.includes(side), "the side is closed");
    await waitForState(s, parent, "waiting", LONG);
    assert.equal(requestsWith("my own draft").length, 0, "the draft was not submitted");
  });

  it("dismiss --delete removes exactly the fork's transcript", async (t) => {
    const s = ready(t);
    if (!s || !parent) return;
    const opened = await json<{ pane: string }>(s, "side", parent, "--message", "MARK-gone one question");
    await waitForState(s, opened.pane, "waiting", LONG);
    const forkId = await nativeId(s, opened.pane);
    await s.waitFor("the fork's transcript", () => existsSync(transcript(project, forkId)), LONG);
    await cli(s, "side", "dismiss", opened.pane, "--delete");
    assert.ok(!existsSync(transcript(project, forkId)), "the fork's transcript is gone");
    assert.ok(existsSync(transcript(project, parentId)), "the parent's is kept");
  });

  it("dismiss --keep, then side resume reopens it with the policy sent again", async (t) => {
    const s = ready(t);
    if (!s || !parent) return;
    const opened = await json<{ pane: string }>(s, "side", parent, "--message", "note MARK-side too");
    await waitForState(s, opened.pane, "waiting", LONG);
    const forkId = await nativeId(s, opened.pane);
    const kept = await json<{ link: { fork: string } | null }>(s, "side", "dismiss", opened.pane, "--keep");
    assert.equal(kept.link?.fork, forkId);
    const resumed = await json<{ pane: string; id: string; consumed: boolean }>(s, "side", "resume", forkId);
    assert.equal(resumed.id, forkId);
    assert.equal(resumed.consumed, true);
    await s.waitForScreen(resumed.pane, PROMPT, LONG);
    await typeAsUser(s, resumed.pane, "E2E_RECALL after the resume");
    await s.waitForScreen(resumed.pane, /recall: MARK-tulip MARK-side/, LONG);
    const again = requestsWith("E2E_RECALL after the resume")[0];
    assert.ok(again && systemText(again).includes(POLICY_LINE), "the resumed side's system prompt carries the policy");
  });

  it("side list, toggle, describe and send-selection; a closed branch is resumed by resume --pick, its history intact", async (t) => {
    const s = ready(t);
    if (!s || !parent || !fork) return;
    const opened = await json<{ pane: string }>(s, "side", parent, "--message", "one more MARK-list");
    const listed = await json<{ open: Array<{ pane: string; parentPane: string; parentState: string }> }>(s, "side", "list");
    assert.ok(listed.open.some((o) => o.pane === opened.pane && o.parentPane === parent), JSON.stringify(listed));
    await waitForState(s, opened.pane, "waiting", LONG);
    // toggle moves between the two; describe says what a pane is; send-selection quotes the paste
    // buffer from the side into the parent's input line, unsent.
    assert.equal((await json<{ pane: string }>(s, "side", "toggle", opened.pane)).pane, parent);
    assert.equal((await json<{ pane: string }>(s, "side", "toggle", parent)).pane, opened.pane);
    assert.match(await cli(s, "side", "describe", opened.pane), /is a side conversation of my project #1 %d:main/);
    await s.tmux(["set-buffer", "a passage to quote"]);
    // Claude Code shows a paste of several lines folded ("[Pasted text #N +M lines]"): the parent's
    // input line already holds the concluded draft, so the quote after it arrives as a new fold.
    const folds = async () => ((await s.capture(parent)).match(/\[Pasted text #\d+/g) ?? []).length;
    const before = await folds();
    assert.equal((await json<{ pane: string }>(s, "side", "send-selection", opened.pane)).pane, parent);
    await s.waitFor("the quote in the parent's input line", async () => /> a passage to quote/.test(await s.capture(parent)) || (await folds()) > before, LONG);
    assert.deepEqual(requestsWith("a passage to quote"), [], "nothing was sent");
    await cli(s, "side", "dismiss", opened.pane, "--delete");
    // The branch from the first test ends; resume lists its conversation and brings it back.
    await cli(s, "kill", fork);
    const rows = await json<Array<{ id: string; live: boolean }>>(s, "resume", "--dir", project);
    assert.equal(rows.find((r) => r.id === forkConversation)?.live, false, JSON.stringify(rows));
    assert.equal(rows.find((r) => r.id === parentId)?.live, true);
    const resumed = await json<{ pane: string; resumed: boolean }>(s, "resume", "--dir", project, "--pick", forkConversation);
    assert.equal(resumed.resumed, true);
    await s.waitForScreen(resumed.pane, PROMPT, LONG);
    assert.equal(await nativeId(s, resumed.pane), forkConversation);
    await cli(s, "send", resumed.pane, "E2E_RECALL after resume");
    await s.waitForScreen(resumed.pane, /recall: MARK-tulip/, LONG);
  });
});
