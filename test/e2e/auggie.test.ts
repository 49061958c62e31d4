import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { writeConfig } from "../helpers/config.ts";
import { journalOf, LONG, waitForRead } from "./harness.ts";
import { auggieEnv, findAuggie, seedAuggieHome } from "./auggie-home.ts";
import { startFakeAugment, type FakeAugment } from "./fake-augment.ts";
import { HELLO } from "./fake-model.ts";


const auggie = findAuggie();
const READY = /\? to show shortcuts/;

// The real Auggie (a devDependency; AUGGIE_BIN names another) against the fake Augment backend. Its
// hooks come from the plugin agentmux passes with --plugin-dir; its tool-approval prompt (only with
// --permission launch-process:ask-user, set in the config's backends.auggie.args) has no hook
// event, so blocked comes from the screen.
describe("the real Auggie in tmux against a fake Augment backend, with the hooks agentmux gives its sessions", () => {
  let fake: FakeAugment | undefined;
  let server: TestServer | undefined;
  let project = "";
  let home = "";
  let user = { settings: "", text: "" };
  let journal = "";
  let pane = "";
  let env: Record<string, string | undefined> = {};

  const ready = (t: TestContext): TestServer | undefined => {
    if (auggie) return server;
    t.skip("Auggie is not installed (node_modules/.bin/auggie; set AUGGIE_BIN to another)");
    return undefined;
  };

  before(async () => {
    if (!auggie) return;
    fake = await startFakeAugment({ slowMs: 6_000, thinkMs: 500 });
    server = new TestServer({ PATH: `${dirname(auggie)}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    // Never the real ~/.augment: HOME is a scratch directory for agentmux and for the panes.
    home = join(server.home, "home");
    env = auggieEnv(home, fake.url);
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete server.env[k]; else server.env[k] = v;
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    project = join(server.home, "project #1 it's");
    mkdirSync(project, { recursive: true });
    user = seedAuggieHome(home, [project]);
    writeConfig(server.home, { backends: { auggie: { args: ["--permission", "launch-process:ask-user"] } } });
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
  const cli = async (s: TestServer, args: string[]) => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };
  const chats = () => (fake?.requests ?? []).filter((q) => q.decision && !(q.decision.kind === "text" && q.decision.side));

  it("a turn's states come from Auggie's hooks: idle, working, waiting; the native id is learned", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "auggie", "--dir", project]);
    await s.waitForScreen(pane, READY, 90_000);
    await waitForEvents(s, pane, ["SessionStart"]);
    await waitForState(s, pane, "idle", LONG);
    await cli(s, ["send", pane, "E2E_SLOW MARK-mango tell me slowly"]);
    await waitForState(s, pane, "working", LONG);
    await waitForRead(s, pane, /keep the CLI busy/, 60_000);
    await waitForEvents(s, pane, ["PromptSubmit", "Stop"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    let id = "";
    await s.waitFor("the conversation id", async () => /^[0-9a-f-]{36}$/.test(id = await paneOption(s, pane, "@agentmux-id")), LONG);
    const list = JSON.parse(await cli(s, ["list", "--json"])) as Array<Record<string, unknown>>;
    assert.equal(list.find((e) => e["pane"] === pane)?.["id"], id);
    assert.ok(existsSync(join(home, ".augment", "sessions", `${id}.json`)), "Auggie keeps the conversation under the id its hooks gave");
  });

  it("the tool-approval prompt is blocked from the screen, and working again once allowed with agentmux keys", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // E2E_CMD takes a path without spaces: the marker goes outside the project.
    const marker = join(s.home, "marker-from-auggie");
    await cli(s, ["send", pane, `E2E_TOOL E2E_CMD=${marker} please`]);
    await waitForRead(s, pane, /Tool Approval Required/);
    await waitForState(s, pane, "blocked", LONG);
    await cli(s, ["keys", pane, "a"]);
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForRead(s, pane, /Tool finished/);
    // PreToolUse of a session the daemon shows working is dropped by the hook itself (the mirror shortcut).
    await waitForEvents(s, pane, ["PostToolUse"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.equal(readFileSync(user.settings, "utf8"), user.text, "the user's settings are as they were");
    assert.deepEqual(readdirSync(join(home, ".augment")).filter((n) => /plugin/i.test(n)), [], "nothing of agentmux's plugin in the user's ~/.augment");
  });

  it("restart resumes the same conversation (auggie --resume ID)", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const id = await paneOption(s, pane, "@agentmux-id");
    assert.match(String((await s.cli(["restart", pane])).stdout), new RegExp(`resuming ${id}`));
    await waitForRead(s, pane, /Resumed session/, 90_000);
    await s.waitForScreen(pane, READY, LONG);
    await waitForState(s, pane, "idle", LONG);
    await cli(s, ["send", pane, "E2E_RECALL what was the word?"]);
    await waitForRead(s, pane, /recall: MARK-mango/);
    await waitForState(s, pane, "waiting", LONG);
    assert.equal(await paneOption(s, pane, "@agentmux-id"), id, "the same conversation id");
    const asked = chats().find((q) => JSON.stringify(q.body).includes("E2E_RECALL what was the word?"));
    assert.equal(asked?.decision?.kind === "text" ? asked.decision.text : "", "recall: MARK-mango");
  });

  it("batch runs entries through auggie --print: the answer and the session id", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] Say hello\n");
    const r = await execa("node", [CLI, "-L", s.name, "batch", todo, "--dir", project, "--backend", "auggie", "--yes", "--json"], { env: { ...s.env, ...env }, extendEnv: false, reject: false, cwd: project, timeout: 120_000 });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const summary = JSON.parse(String(r.stdout)) as { entries: Array<{ status: string; firstLine: string; sessionId: string | null; costUsd: number | null }> };
    assert.deepEqual(summary.entries.map((e) => [e.status, e.firstLine, e.costUsd]), [["done", HELLO, null]]);
    assert.match(summary.entries[0]?.sessionId ?? "", /^[0-9a-f-]{36}$/);
  });
});
