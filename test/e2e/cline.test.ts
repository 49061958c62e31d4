import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { journalOf, LONG, transitions, waitForRead } from "./harness.ts";
import { clineEnv, findCline, hubDaemonsOf, seedClineHome, snapshot } from "./cline-home.ts";
import { startFakeChat, type FakeChat } from "./fake-openai-chat.ts";
import { HELLO } from "./fake-model.ts";


const cline = findCline();
const SLOW = 90_000;
const ANSWER = new RegExp(`^ \\* ${HELLO.replace(".", "\\.")}`, "m");

// The real Cline CLI in tmux against the fake Chat Completions API, with the hooks its agentmux sessions get (a CLINE_DIR of their own).
describe("the real Cline CLI in tmux against a fake Chat Completions API, with the hooks agentmux gives its sessions", () => {
  let fake: FakeChat | undefined;
  let server: TestServer | undefined;
  let home = "";
  let project = "";
  let journal = "";
  let userHookLog = "";
  let userFiles: Record<string, string> = {};
  let pane = "";
  let nativeId = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (cline) return server;
    t.skip("Cline CLI is not installed (set AGENTMUX_E2E_CLINE to its bin)");
    return undefined;
  };

  before(async () => {
    if (!cline) return;
    fake = await startFakeChat({ slowMs: 4000, thinkMs: 1000 });
    server = new TestServer({ PATH: `${dirname(cline)}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    home = join(server.home, "user home");
    const env = clineEnv(home);
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete server.env[k];
      else server.env[k] = v;
    }
    mkdirSync(home, { recursive: true });
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    userHookLog = join(server.home, "user-hook.log");
    seedClineHome(cline, home, fake.url, userHookLog);
    // Cline rewrites its own settings (providers.json's updatedAt) at every start: the user's hooks are what agentmux could touch.
    userFiles = snapshot(join(home, ".cline", "hooks"));
    project = join(server.home, "project #1");
    mkdirSync(project, { recursive: true });
    await server.start();
    await server.setServerEnv({ ...env, PATH: server.env["PATH"] });
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

  it("a plain turn: idle, working, waiting from Cline's hooks, and the session's native id learned", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "cline", "--dir", project]);
    await s.waitForScreen(pane, /What can I do for you\?/, SLOW);
    await waitForState(s, pane, "idle", SLOW);
    await cli(s, ["send", pane, "E2E_SLOW say something slowly"]);
    await waitForState(s, pane, "working", SLOW);
    await waitForRead(s, pane, /This is a slow streamed answer .* a while\./, SLOW);
    await waitForEvents(s, pane, ["TaskStart", "TaskComplete"]);
    await waitForState(s, pane, "waiting", SLOW);
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    await s.waitFor("the native id", async () => (nativeId = await paneOption(s, pane, "@agentmux-id")) !== "", LONG);
    assert.match(nativeId, /^\d+_[a-z0-9]+$/);
    const entry = (await listJson(s)).find((e) => e["pane"] === pane);
    assert.equal(entry?.["id"], nativeId, JSON.stringify(entry));
    const seen = await transitions(s, pane);
    assert.ok(seen.indexOf("working") > seen.indexOf("idle") && seen.lastIndexOf("waiting") > seen.indexOf("working"), seen.join(" "));
  });

  it("a command's approval dialog is blocked from the screen, answered with keys: working, then waiting, the command ran", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // The fake takes E2E_CMD's path up to a space: the marker goes outside "project #1".
    const marker = join(s.home, "marker-from-cline");
    await cli(s, ["send", pane, `E2E_TOOL E2E_CMD=${marker} please`]);
    await waitForRead(s, pane, /Approve tool call\?/, SLOW);
    await waitForState(s, pane, "blocked", SLOW);
    assert.match(await cli(s, ["detect", pane, "--explain"]), /approval[\s\S]*permission|permission[\s\S]*approval/);
    // Cline can take a key before its dialog listens to it: "y" again while the dialog still shows.
    for (let attempt = 0; attempt < 3 && !existsSync(marker); attempt++) {
      await cli(s, ["keys", pane, "y"]);
      await s.waitFor("the dialog answered", async () => existsSync(marker) || !/Approve tool call\?/.test(await s.capture(pane)), 10_000).catch(() => undefined);
    }
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), SLOW).catch(async (e: Error) => { throw new Error(`${e.message}; screen was:\n${await s.capture(pane)}`); });
    // PreToolUse of a session the daemon shows working is dropped by the forwarder itself (the mirror shortcut).
    await waitForEvents(s, pane, ["PostToolUse"]);
    await waitForState(s, pane, "waiting", SLOW);
    const seen = await transitions(s, pane);
    const blocked = seen.lastIndexOf("blocked");
    assert.ok(blocked >= 0 && seen.indexOf("working", blocked) > blocked && seen.lastIndexOf("waiting") > blocked, seen.join(" "));
  });

  it("restart resumes the same conversation (cline --id ID): its transcript is back and the model gets it", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    assert.ok(nativeId, "the first test learned the id");
    const restarted = await cli(s, ["restart", pane]);
    assert.match(restarted, new RegExp(`resuming ${nativeId}`));
    await waitForRead(s, pane, /E2E_SLOW say something slowly/, SLOW);
    await waitForState(s, pane, "idle", SLOW);
    const before = fake.requests.length;
    await cli(s, ["send", pane, "say hello again"]);
    await waitForRead(s, pane, ANSWER, SLOW);
    await waitForEvents(s, pane, ["TaskResume"]);
    await waitForState(s, pane, "waiting", SLOW);
    const asked = fake.requests.slice(before).find((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("say hello again"));
    assert.ok(asked, "the fake model was asked the new prompt");
    assert.match(JSON.stringify(asked.body), /E2E_SLOW say something slowly/, "the resumed conversation carries the turn from before the restart");
    assert.equal(await paneOption(s, pane, "@agentmux-id"), nativeId, "the same session id");
  });

  it("the user's own hook ran in the session, and their files are as they were", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.match(readFileSync(userHookLog, "utf8"), new RegExp(`TaskComplete ${join(home, ".cline", "hooks", "TaskComplete.sh")}`));
    assert.deepEqual(snapshot(join(home, ".cline", "hooks")), userFiles);
    await s.tmux(["kill-pane", "-t", pane]);
  });

  it("new --prompt hands the prompt to Cline at launch (-i --), answered without typing", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const second = await cli(s, ["new", "--backend", "cline", "--dir", project, "--instance", "second", "--prompt", "-v initial prompt text"]);
    await waitForRead(s, second, ANSWER, SLOW);
    await waitForState(s, second, "waiting", SLOW);
    assert.ok(fake.requests.some((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("-v initial prompt text")));
    await s.tmux(["kill-pane", "-t", second]);
  });

  it("agentmux batch runs entries through Cline's --json mode", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] Say hello\n- [ ] Say hello again\n");
    const r = await execa("node", [CLI, "-L", s.name, "batch", todo, "--dir", project, "--backend", "cline", "--concurrency", "2", "--yes", "--json"], { env: s.env, extendEnv: false, reject: false, cwd: s.work, timeout: 180_000 });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const summary = JSON.parse(String(r.stdout)) as { entries: Array<{ status: string; firstLine: string; costUsd: number | null }> };
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "done"], String(r.stderr));
    assert.equal(summary.entries[0]?.firstLine, HELLO);
    assert.equal(summary.entries[0]?.costUsd, 0, "cline reports the run's cost");
    assert.deepEqual(hubDaemonsOf(home), [], "no Cline hub daemon was started");
  });
});
