import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { journalOf, LONG, waitForRead } from "./harness.ts";
import { droidEnv, findDroid, seedDroidHome } from "./droid-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO, SLOW_TEXT } from "./fake-model.ts";


const droid = findDroid();
// droid starts slowly on a busy machine (a 250 MB native binary): generous waits, never sleeps.
const SLOW = 90_000;
const INPUT = /^│ > /m;

describe("the real droid in tmux against a fake Anthropic API, with the hooks agentmux gives its sessions", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let home = "";
  let userSettings = "";
  let userText = "";
  let journal = "";
  let pane = "";
  let sessionId = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (droid.bin !== null) return server;
    t.skip(`droid is not available: ${droid.reason}`);
    return undefined;
  };

  before(async () => {
    if (droid.bin === null) return;
    fake = await startFakeAnthropic({ port: 0, slowMs: 6000 });
    server = new TestServer({ PATH: `${droid.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    home = join(server.home, "home");
    // The agentmux commands and the panes both see the scratch home, never the real ~/.factory.
    for (const [key, value] of Object.entries(droidEnv(home))) {
      if (value === undefined) delete server.env[key];
      else server.env[key] = value;
    }
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    project = join(server.home, "project #1");
    mkdirSync(project, { recursive: true });
    userSettings = seedDroidHome(home, fake.url, [project]);
    userText = readFileSync(userSettings, "utf8");
    await server.start();
    await server.setServerEnv(droidEnv(home));
  });

  after(async () => {
    try {
      await server?.cli(["daemon", "stop"]);
      await server?.stop();
    } finally {
      await fake?.close();
    }
  });

  const { events, waitForEvents } = journalOf(() => journal, SLOW);
  const cli = async (s: TestServer, args: string[]) => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };

  it("a turn: idle, working while it streams, waiting after; the session's id comes from SessionStart", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "droid", "--dir", project]);
    await s.waitForScreen(pane, INPUT, SLOW);
    await waitForEvents(s, pane, ["SessionStart"]);
    await waitForState(s, pane, "idle", SLOW);
    await s.waitFor("the session id", async () => (sessionId = await paneOption(s, pane, "@agentmux-id")) !== "", LONG);
    assert.match(sessionId, /^[0-9a-f]{8}-[0-9a-f-]{27}$/);
    assert.equal((await listJson(s)).find((e) => e["pane"] === pane)?.["id"], sessionId, "list --json shows droid's own session id");
    await cli(s, ["send", pane, "E2E_SLOW remember MARK-droid1"]);
    await waitForState(s, pane, "working", LONG);
    await waitForRead(s, pane, new RegExp(SLOW_TEXT.slice(-30).replace(/[.]/g, "\\.")), SLOW);
    await waitForEvents(s, pane, ["UserPromptSubmit", "Stop"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
  });

  it("a command to approve is blocked (Notification permission_prompt), answered with keys, working, waiting; the marker exists", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // The fake's E2E_CMD takes the path up to a space: the marker goes beside the project ("project #1").
    const marker = join(s.home, "marker-from-droid");
    await cli(s, ["send", pane, `E2E_TOOL E2E_CMD=${marker} please`]);
    await waitForRead(s, pane, /Command to approve[\s\S]*Yes, allow/, SLOW);
    await waitForEvents(s, pane, ["Notification"]);
    await waitForState(s, pane, "blocked", LONG);
    assert.ok(!existsSync(marker), "nothing runs before the approval");
    // The keys manifests/droid.yml gives "Yes, allow" (the box has no numbers; Up Up reaches the top).
    await cli(s, ["keys", pane, "Up", "Up", "Enter"]);
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForEvents(s, pane, ["PostToolUse"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.equal(readFileSync(userSettings, "utf8"), userText, "the user's ~/.factory/settings.json is byte for byte what it was");
  });

  it("restart resumes the same conversation (droid --resume ID): the fake recalls the turn from before", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    assert.ok(pane && sessionId, "the session from the first test is running");
    const out = await cli(s, ["restart", pane]);
    assert.match(out, new RegExp(`resuming ${sessionId}`));
    const target = /\((%\d+)\)/.exec(out)?.[1] ?? pane;
    await s.waitForScreen(target, INPUT, SLOW);
    await waitForState(s, target, "idle", SLOW);
    await cli(s, ["send", target, "E2E_RECALL what did I ask you to remember"]);
    await waitForRead(s, target, /recall: MARK-droid1/, SLOW);
    await waitForState(s, target, "waiting", LONG);
    assert.equal(await paneOption(s, target, "@agentmux-id"), sessionId, "the same session id");
    pane = target;
  });

  it("branch forks the conversation (droid --fork ID): a new session id, the parent's turns recalled", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane && sessionId, "the session from the first test is running");
    const branched = JSON.parse(await cli(s, ["branch", pane, "--json"])) as { pane: string; forkedFrom: string };
    assert.equal(branched.forkedFrom, sessionId);
    await s.waitForScreen(branched.pane, INPUT, SLOW);
    let forkId = "";
    await s.waitFor("the fork's session id", async () => (forkId = await paneOption(s, branched.pane, "@agentmux-id")) !== "", SLOW);
    assert.notEqual(forkId, sessionId);
    await waitForState(s, branched.pane, "idle", SLOW);
    await cli(s, ["send", branched.pane, "E2E_RECALL what did I ask you to remember"]);
    await waitForRead(s, branched.pane, /recall: MARK-droid1/, SLOW);
    await s.tmux(["kill-pane", "-t", branched.pane]);
    await s.tmux(["kill-pane", "-t", pane]);
  });

  it("agentmux batch runs entries through droid exec -o json: the answer, its session, a failing entry", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] Say hello\n- [ ] E2E_ERR fail this one\n");
    const r = await execa("node", [CLI, "-L", s.name, "batch", todo, "--dir", project, "--backend", "droid", "--yes", "--json"], { env: s.env, extendEnv: false, reject: false, cwd: s.work, timeout: 180_000 });
    assert.equal(r.exitCode, 1, String(r.stderr));
    const summary = JSON.parse(String(r.stdout)) as { entries: Array<{ status: string; firstLine: string; sessionId: string | null; costUsd: number | null }> };
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "failed"], String(r.stderr));
    assert.equal(summary.entries[0]?.firstLine, HELLO);
    assert.match(summary.entries[0]?.sessionId ?? "", /^[0-9a-f-]{36}$/);
    assert.equal(summary.entries[0]?.costUsd, null, "droid reports credits, not dollars");
    assert.equal(readFileSync(userSettings, "utf8"), userText);
  });
});
