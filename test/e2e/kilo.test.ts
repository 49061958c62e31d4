import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { journalOf, transitions, waitForRead } from "./harness.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO } from "./fake-model.ts";
import { findKilo, kiloEnv, seedKiloHome } from "./kilo-home.ts";

// Kilo takes several seconds to start, more on a loaded machine.
const LONG = 90_000;

const kilo = findKilo();


describe("the real Kilo CLI in tmux against a fake Anthropic API, with agentmux's plugin", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let pane = "";
  let journal = "";
  let home = "";
  let userConfig = "";
  let userText = "";
  let env: Record<string, string | undefined> = {};

  const ready = (t: TestContext): TestServer | undefined => {
    if (kilo.bin !== null) return server;
    t.skip(`Kilo CLI is not available: ${kilo.reason}`);
    return undefined;
  };

  before(async () => {
    if (kilo.bin === null) {
      console.log(`skipping the Kilo e2e tests: ${kilo.reason}`);
      return;
    }
    fake = await startFakeAnthropic({ port: 0 });
    server = new TestServer({ PATH: `${kilo.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    // A directory name with a space, a quote and a #, as a user's can be.
    project = join(server.home, "project it's #1");
    mkdirSync(project, { recursive: true });
    home = join(server.home, "home");
    userConfig = seedKiloHome(home, fake.url);
    userText = readFileSync(userConfig, "utf8");
    env = kiloEnv(home);
    // `agentmux new` hands its own XDG_CONFIG_HOME and XDG_STATE_HOME to the pane: they must name the scratch home there too.
    for (const name of ["XDG_CONFIG_HOME", "XDG_STATE_HOME"]) server.env[name] = env[name] ?? "";
    writeConfig(server.home, {});
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

  it("starts at Kilo's prompt; a turn's states come from the plugin's events, and the session's id is learned", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "kilo", "--dir", project, "--instance", "main"]);
    assert.match(pane, /^%\d+$/);
    await s.waitForScreen(pane, /Ask anything/, LONG);
    await waitForState(s, pane, "idle", LONG); // from the screen: the plugin reports nothing before the first prompt
    await cli(s, ["send", pane, "remember MARK-KIWI and say hello"]);
    await waitForRead(s, pane, new RegExp(HELLO.replace(".", "\\.")), LONG);
    await waitForEvents(s, pane, ["session-created", "session-busy", "session-idle"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    const turn = events(pane).map((e) => e.event);
    assert.equal(turn.filter((e) => e === "session-idle").length, 1, `one end of the turn: ${turn.join(", ")}`);
    // idle (screen, at start-up), then working and waiting. On a loaded machine the screen can see
    // the quick turn come and go before the plugin's events arrive, which repeat it: the states only
    // ever go between working and waiting, and end waiting.
    const states = (await transitions(s, pane)).filter((x, i) => !(i === 0 && x === "idle"));
    if (JSON.stringify(states) !== JSON.stringify(["working", "waiting"])) {
      const log = String((await s.cli(["daemon", "logs", "-n", "2000"])).stdout).split("\n").filter((l) => l.includes(pane)).join("\n");
      console.log(`kilo: states ${states.join(" → ")} (expected working → waiting); events ${turn.join(", ")}; the daemon's log:\n${log}`);
      assert.ok(states.length % 2 === 0 && states.every((x, i) => x === (i % 2 === 0 ? "working" : "waiting")), `states: ${states.join(" → ")}`);
    }
    let id = "";
    await s.waitFor("the native session id", async () => /^ses_[A-Za-z0-9]+$/.test(id = String((await listJson(s)).find((e) => e["pane"] === pane)?.["id"] ?? "")), LONG);
    assert.equal(await paneOption(s, pane, "@agentmux-id"), id);
  });

  it("asks permission for a shell command: blocked, answered with agentmux keys, working, waiting", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // Relative to the project (the fake's E2E_CMD takes a path without spaces, the project's name has some).
    const marker = join(project, "marker-from-kilo");
    await cli(s, ["send", pane, "E2E_TOOL E2E_CMD=marker-from-kilo please create the marker file"]);
    await waitForRead(s, pane, /Permission required[\s\S]*Allow once/, LONG);
    assert.ok(!existsSync(marker), "nothing runs before the approval");
    await waitForEvents(s, pane, ["permission-asked"]);
    await waitForState(s, pane, "blocked", LONG);
    await cli(s, ["keys", pane, "Enter"]); // "Allow once" is selected
    await waitForEvents(s, pane, ["permission-replied"]);
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForRead(s, pane, /Tool finished: /, LONG);
    await waitForState(s, pane, "waiting", LONG);
  });

  it("restart resumes the same conversation (kilo -s ID): the earlier turn is in the new process's history", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const id = await paneOption(s, pane, "@agentmux-id");
    const token = await paneOption(s, pane, "@agentmux-token-hash");
    const out = await cli(s, ["restart", pane]);
    assert.match(out, new RegExp(`resuming ${id}`));
    await s.waitFor("a new process", async () => (await paneOption(s, pane, "@agentmux-token-hash")) !== token, LONG);
    await s.waitForScreen(pane, /ctrl\+p commands/, LONG);
    await waitForState(s, pane, "idle", LONG);
    await cli(s, ["send", pane, "E2E_RECALL which marks were there"]);
    await waitForRead(s, pane, /recall: MARK-KIWI/, LONG);
    await waitForState(s, pane, "waiting", LONG);
    assert.equal(await paneOption(s, pane, "@agentmux-id"), id, "the same native session id");
  });

  it("branch forks the conversation (kilo -s ID --fork): the new session answers from the parent's turns, under an id of its own", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const parentId = await paneOption(s, pane, "@agentmux-id");
    const branched = JSON.parse(await cli(s, ["branch", pane, "--json"])) as { pane: string; forkedFrom: string };
    assert.equal(branched.forkedFrom, parentId);
    await s.waitForScreen(branched.pane, /ctrl\+p commands/, LONG);
    await waitForState(s, branched.pane, "idle", LONG);
    await cli(s, ["send", branched.pane, "E2E_RECALL what was there"]);
    await waitForRead(s, branched.pane, /recall: MARK-KIWI/, LONG);
    let id = "";
    await s.waitFor("the fork's own session id", async () => /^ses_/.test(id = await paneOption(s, branched.pane, "@agentmux-id")), LONG);
    assert.notEqual(id, parentId, "a session of its own");
    await s.tmux(["kill-pane", "-t", branched.pane]);
  });

  it("left the user's Kilo config as it was: the plugin came through the session's environment", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.equal(readFileSync(userConfig, "utf8"), userText, "kilo.json is byte for byte the same");
    assert.ok(!existsSync(join(home, ".config", "kilo", "plugin")), "no plugin was copied into ~/.config/kilo");
    assert.ok(!existsSync(join(home, ".config", "kilo", "node_modules")), "nothing was installed into ~/.config/kilo");
  });

  it("agentmux batch runs entries through `kilo run --format json`: the answer, its cost and session id, a failing entry", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] Say hello\n- [ ] E2E_ERR fail this one\n");
    const r = await execa("node", [CLI, "-L", s.name, "batch", todo, "--dir", project, "--backend", "kilo", "--concurrency", "2", "--yes", "--json"],
      { env: { ...s.env, ...env }, extendEnv: false, reject: false, cwd: project, timeout: 240_000 });
    assert.equal(r.exitCode, 1, String(r.stderr));
    const summary = JSON.parse(String(r.stdout)) as { entries: Array<{ status: string; firstLine: string; costUsd: number | null; sessionId: string | null }> };
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "failed"], String(r.stderr));
    assert.equal(summary.entries[0]?.firstLine, HELLO);
    assert.equal(typeof summary.entries[0]?.costUsd, "number", "kilo run reports each step's cost");
    assert.match(summary.entries[0]?.sessionId ?? "", /^ses_/);
    assert.match(summary.entries[1]?.firstLine ?? "", /E2E fake bad request/);
  });

  it("quits with /exit", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    await cli(s, ["send", "--no-enter", pane, "/exit"]);
    await s.waitForScreen(pane, /\/exit/, LONG);
    await cli(s, ["keys", pane, "Enter"]);
    await s.waitFor(`pane ${pane} to exit`, async () => {
      const list = await listJson(s);
      const entry = list.find((e) => e["pane"] === pane);
      return entry === undefined || entry["state"] === "exited";
    }, LONG);
  });
});
