import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { writeConfig } from "../helpers/config.ts";
import { journalOf, transitions, waitForRead } from "./harness.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO } from "./fake-model.ts";
import { findPi, PI_GATE, piEnv, seedPiHome } from "./pi-home.ts";

// Pi starts in a few seconds; a loaded machine (seven CLIs at once) makes it slower.
const LONG = 60_000;
const pi = findPi();


describe("the real Pi in tmux against a fake Anthropic API, with agentmux's extension and a permission gate", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let journal = "";
  let pane = "";
  let env: Record<string, string | undefined> = {};
  let userFiles: Array<[string, string]> = [];

  const ready = (t: TestContext): TestServer | undefined => {
    if (pi.bin !== null) return server;
    t.skip(`Pi is not available: ${pi.reason}`);
    return undefined;
  };

  before(async () => {
    if (pi.bin === null) {
      console.log(`skipping the Pi e2e tests: ${pi.reason}`);
      return;
    }
    fake = await startFakeAnthropic({ port: 0, slowMs: 3000, timing: { longMs: 30_000 } });
    server = new TestServer({ PATH: `${pi.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    // A directory name with a space, a quote and a '#': it reaches Pi's argv and its session store.
    project = join(server.home, "pi project 'one' #1");
    mkdirSync(project, { recursive: true });
    const home = join(server.home, "home");
    const seeded = seedPiHome(home, fake.url, pi.version);
    userFiles = [seeded.models, seeded.settings].map((f) => [f, readFileSync(f, "utf8")]);
    env = { ...piEnv(home), PI_E2E_GATE: "1" };
    // Pi has no permission dialogs of its own: the gate (a select dialog before every bash call) is a second -e.
    writeConfig(server.home, { backends: { pi: { args: ["-e", PI_GATE] } } });
    await server.start();
    await server.setServerEnv(env);
  });

  after(async () => {
    try {
      await server?.cli(["daemon", "stop"]);
      await server?.stop();
    } finally {
      await fake?.close();
    }
  });

  const { events, waitForEvents } = journalOf(() => journal, LONG);
  const cli = async (s: TestServer, args: string[]): Promise<string> => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };
  const editor = /^─{20,}\n[^\n]*\n─{20,}$/m;

  it("a plain turn: idle from the extension's session_start, then working and waiting from its events", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "pi", "--dir", project, "--instance", "main"]);
    assert.match(pane, /^%\d+$/);
    await s.waitForScreen(pane, editor, LONG);
    await waitForEvents(s, pane, ["session_start"]);
    await waitForState(s, pane, "idle", LONG);
    await cli(s, ["send", pane, "say hello, remember MARK-tulip"]);
    await waitForRead(s, pane, new RegExp(HELLO.replace(".", "\\.")), LONG);
    await waitForEvents(s, pane, ["before_agent_start", "agent_end"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    assert.deepEqual(await transitions(s, pane), ["idle", "working", "waiting"]);
  });

  it("learns Pi's session id from the extension's events", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    let id = "";
    await s.waitFor("session id", async () => /^[0-9a-f-]{36}$/.test(id = await paneOption(s, pane, "@agentmux-id")), LONG);
    const list = JSON.parse(await cli(s, ["list", "--json"])) as Array<Record<string, unknown>>;
    assert.equal(list.find((e) => e["pane"] === pane)?.["id"], id);
  });

  it("the permission gate's select dialog is blocked (the extension sees it open), answered with keys, then working and waiting", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // Outside the project: the fake reads E2E_CMD=<path> up to a space (Pi has no sandbox to leave).
    const marker = join(s.home, "marker-from-pi");
    await cli(s, ["send", pane, `E2E_TOOL E2E_CMD=${marker} please`]);
    const dialog = await waitForRead(s, pane, /Allow bash command\?/, LONG);
    assert.match(dialog, /touch .*marker-from-pi/);
    assert.ok(!existsSync(marker), "nothing runs before the approval");
    await waitForEvents(s, pane, ["ui_dialog_open"]);
    await waitForState(s, pane, "blocked", LONG);
    const before = (await transitions(s, pane)).length;
    await cli(s, ["keys", pane, "Enter"]); // "Yes" is selected
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    // tool_execution_* of a session the daemon shows working are dropped by the forwarder itself (its shortcut).
    await waitForEvents(s, pane, ["ui_dialog_closed"]);
    await waitForRead(s, pane, /Tool finished: /, LONG);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual((await transitions(s, pane)).slice(before - 1), ["blocked", "working", "waiting"]);
  });

  it("Escape mid-turn: Pi's \"Operation aborted\" leaves the session blocked", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // A long answer (its words over 30 s), interrupted while it streams.
    await cli(s, ["send", pane, "E2E_LONG take your time"]);
    await waitForState(s, pane, "working", LONG);
    await waitForRead(s, pane, /Working\.\.\./, LONG);
    await cli(s, ["keys", pane, "Escape"]);
    await waitForRead(s, pane, /Operation aborted/, LONG);
    await waitForEvents(s, pane, ["agent_end"]);
    await waitForState(s, pane, "blocked", LONG);
  });

  it("restart resumes the same conversation (pi --session ID): the same id, the earlier turn remembered", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const id = await paneOption(s, pane, "@agentmux-id");
    const token = await paneOption(s, pane, "@agentmux-token-hash");
    const restarted = await cli(s, ["restart", pane]);
    assert.match(restarted, new RegExp(`resuming ${id}`));
    assert.notEqual(await paneOption(s, pane, "@agentmux-token-hash"), token, "a new process");
    // Pi redraws the resumed conversation.
    await waitForRead(s, pane, /remember MARK-tulip/, LONG);
    await s.waitForScreen(pane, editor, LONG);
    await waitForState(s, pane, "idle", LONG);
    await cli(s, ["send", pane, "E2E_RECALL what did I ask you to remember"]);
    await waitForRead(s, pane, /recall: MARK-tulip/, LONG);
    await waitForState(s, pane, "waiting", LONG);
    assert.equal(await paneOption(s, pane, "@agentmux-id"), id, "the same native session id");
  });

  it("branch forks the conversation (pi --fork ID): a new id in a window of its own, the earlier turns inherited", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const parentId = await paneOption(s, pane, "@agentmux-id");
    const branched = JSON.parse(await cli(s, ["branch", pane, "--json"])) as { pane: string; forkedFrom: string };
    assert.equal(branched.forkedFrom, parentId);
    await s.waitForScreen(branched.pane, editor, LONG);
    await cli(s, ["send", branched.pane, "E2E_RECALL in the fork"]);
    await waitForRead(s, branched.pane, /recall: MARK-tulip/, LONG);
    let forkId = "";
    await s.waitFor("the fork's session id", async () => /^[0-9a-f-]{36}$/.test(forkId = await paneOption(s, branched.pane, "@agentmux-id")), LONG);
    assert.notEqual(forkId, parentId, "a new conversation");
    await waitForState(s, branched.pane, "waiting", LONG);
  });

  it("batch runs entries through pi -p --mode json: the answer, the session id, a failing entry", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] Say hello\n- [ ] E2E_ERR fail this one\n");
    const r = await execa("node", [CLI, "-L", s.name, "batch", todo, "--dir", project, "--backend", "pi", "--concurrency", "2", "--yes", "--json"],
      { env: { ...s.env, ...env }, extendEnv: false, reject: false, cwd: s.work, timeout: 180_000 });
    assert.equal(r.exitCode, 1, String(r.stderr));
    const summary = JSON.parse(String(r.stdout)) as { entries: Array<{ status: string; firstLine: string; sessionId: string | null; costUsd: number | null }> };
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "failed"], String(r.stderr));
    assert.equal(summary.entries[0]?.firstLine, HELLO);
    assert.match(summary.entries[0]?.sessionId ?? "", /^[0-9a-f-]{36}$/);
    assert.equal(summary.entries[0]?.costUsd, 0, "Pi reports its cost (the fake's model costs nothing)");
    assert.match(summary.entries[1]?.firstLine ?? "", /400|E2E fake bad request/);
    // After a session, a restart, a fork and these runs: agentmux wrote nothing into Pi's home.
    for (const [file, text] of userFiles) assert.equal(readFileSync(file, "utf8"), text, `${file} is as it was`);
  });
});
