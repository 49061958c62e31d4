import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { journalOf, transitions, waitForRead } from "./harness.ts";
import { startFakeChat, type FakeChat } from "./fake-openai-chat.ts";
import { HELLO } from "./fake-model.ts";
import { findQwen, qwenEnv, seedQwenDir } from "./qwen-home.ts";

// Qwen Code starts in a few seconds, slower on a loaded machine.
const LONG = 60_000;
const READY = /Type your message/;
const qwen = findQwen();


describe("the real Qwen Code in tmux against a fake Chat Completions API, with the hooks agentmux gives its sessions", () => {
  let fake: FakeChat | undefined;
  let server: TestServer | undefined;
  let project = "";
  let userDir = "";
  let user = { file: "", text: "" };
  let journal = "";
  let pane = "";
  let paneEnv: Record<string, string | undefined> = {};

  const ready = (t: TestContext): TestServer | undefined => {
    if (qwen) return server;
    t.skip("Qwen Code is not installed (node_modules/.bin/qwen, a devDependency; or set AGENTMUX_E2E_QWEN to its bin)");
    return undefined;
  };

  before(async () => {
    if (!qwen) return;
    fake = await startFakeChat({ port: 0 });
    server = new TestServer({ PATH: `${dirname(qwen)}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    // The user's own Qwen directory is QWEN_HOME of the agentmux CLI: never the real ~/.qwen.
    userDir = join(server.home, "qwen-user");
    server.env["QWEN_HOME"] = userDir;
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    project = join(server.home, "project #1");
    mkdirSync(project, { recursive: true });
    user = seedQwenDir(userDir, fake.url);
    const home = join(server.home, "home");
    mkdirSync(home, { recursive: true });
    paneEnv = qwenEnv(home, fake.url);
    writeConfig(server.home, {});
    await server.start();
    await server.setServerEnv(paneEnv);
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

  it("starts from the user's settings, and a turn's states come from Qwen's hooks: idle → working → waiting, the native id learned", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "qwen", "--dir", project]);
    assert.match(pane, /^%\d+$/);
    await s.waitForScreen(pane, READY, LONG);
    await waitForEvents(s, pane, ["SessionStart"]);
    await waitForState(s, pane, "idle", LONG);
    await cli(s, ["send", pane, "say hello and remember the word MANGO-QWEN"]);
    await waitForRead(s, pane, new RegExp(HELLO.replace(".", "\\.")), LONG);
    await waitForEvents(s, pane, ["UserPromptSubmit", "Stop"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    const states = await transitions(s, pane);
    assert.deepEqual(states.slice(states.indexOf("idle")), ["idle", "working", "waiting"], `states: ${states.join(" → ")}`);
    let id = "";
    await s.waitFor("the native id", async () => /^[0-9a-f-]{36}$/.test(id = String((await listJson(s)).find((e) => e["pane"] === pane)?.["id"] ?? "")), LONG);
    // The id is Qwen's own: its chat file is named after it, in the user's directory (linked into the session's).
    await s.waitFor(`the chat ${id}`, () => readdirSync(join(userDir, "projects"), { recursive: true }).some((f) => String(f).endsWith(`${id}.jsonl`)), LONG);
  });

  it("a shell command's permission dialog is blocked, answered with agentmux keys, then working and waiting; the user's settings untouched", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    // Not in the project: the fake reads E2E_CMD= up to a space, and the project's name has one.
    const marker = join(s.home, "marker-from-qwen");
    await cli(s, ["send", pane, `E2E_TOOL E2E_CMD=${marker} please`]);
    // The question and its first option together: Qwen draws the dialog in more than one write.
    await waitForRead(s, pane, /Allow execution of: 'touch'\?[\s\S]*1\. Yes, allow once/, LONG);
    assert.ok(!existsSync(marker), "nothing runs before the approval");
    await waitForEvents(s, pane, ["PermissionRequest"]);
    await waitForState(s, pane, "blocked", LONG);
    await cli(s, ["keys", pane, "Enter"]); // "Yes, allow once" is selected
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForRead(s, pane, /Tool finished: /, LONG);
    await waitForState(s, pane, "waiting", LONG);
    const states = await transitions(s, pane);
    const from = states.lastIndexOf("blocked");
    assert.ok(from > 0 && states[from - 1] === "working" && states.slice(from).join(" ") === "blocked working waiting", `states: ${states.join(" → ")}`);
    assert.equal(readFileSync(user.file, "utf8"), user.text, "the user's settings are byte for byte as they were");
  });

  it("restart resumes the same conversation (qwen --resume ID): the earlier turn is sent again, the same native id", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    assert.ok(pane, "the session from the first test is running");
    const id = await paneOption(s, pane, "@agentmux-id");
    assert.match(id, /^[0-9a-f-]{36}$/);
    const r = await s.cli(["restart", pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), new RegExp(`resuming ${id}`));
    // Qwen shows the resumed conversation.
    await waitForRead(s, pane, /MANGO-QWEN/, LONG);
    await s.waitForScreen(pane, READY, LONG);
    await waitForState(s, pane, "idle", LONG);
    const before = fake.requests.length;
    await cli(s, ["send", pane, "which word was it"]);
    await waitForState(s, pane, "waiting", LONG);
    const asked = fake.requests.slice(before).find((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("which word was it"));
    assert.ok(asked, "the fake model was asked the new prompt");
    assert.match(JSON.stringify(asked.body), /MANGO-QWEN/, "the resumed conversation carries the turn from before the restart");
    assert.equal(await paneOption(s, pane, "@agentmux-id"), id, "the same native session id");
    assert.equal(readFileSync(user.file, "utf8"), user.text, "the user's settings are byte for byte as they were");
  });

  it("agentmux batch runs entries through qwen -o json: the answer and the session id, no cost", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] Say hello\n- [ ] -v say hello again\n");
    const child = execa("node", [CLI, "-L", s.name, "batch", todo, "--dir", project, "--backend", "qwen", "--concurrency", "2", "--yes", "--json"], {
      env: { ...s.env, ...paneEnv }, extendEnv: false, reject: false, cwd: s.work, timeout: 180_000,
    });
    const r = await child;
    assert.equal(r.exitCode, 0, String(r.stderr));
    const summary = JSON.parse(String(r.stdout)) as { runDir: string; entries: Array<{ status: string; firstLine: string; costUsd: number | null; sessionId: string | null; outputFile: string | null }> };
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "done"], String(r.stderr));
    for (const entry of summary.entries) {
      assert.equal(entry.firstLine, HELLO);
      assert.equal(entry.costUsd, null, "Qwen reports no cost");
      assert.match(entry.sessionId ?? "", /^[0-9a-f-]{36}$/);
    }
    const raw = JSON.parse(readFileSync(join(summary.runDir, summary.entries[0]?.outputFile ?? ""), "utf8")) as Array<Record<string, unknown>>;
    assert.equal(raw.at(-1)?.["type"], "result");
  });
});
