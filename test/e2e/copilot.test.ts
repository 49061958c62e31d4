import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { writeConfig } from "../helpers/config.ts";
import { waitForRead, transitions, LONG } from "./harness.ts";
import { copilotConfigText, copilotEnv, findCopilot, seedCopilotDir } from "./copilot-home.ts";
import { startFakeChat, type FakeChat } from "./fake-openai-chat.ts";
import { HELLO } from "./fake-model.ts";

interface Journaled { pane: string; event: string; result: string }

const copilot = findCopilot();
// The footer under Copilot's input line when nothing is typed (the backend's readyPattern).
const READY = /\/ commands · \? help/;
const HELLO_RE = new RegExp(HELLO.replace(".", "\\."));

describe("the real GitHub Copilot CLI in tmux against a fake Chat Completions API, with agentmux's plugin hooks", () => {
  let fake: FakeChat | undefined;
  let server: TestServer | undefined;
  let project = "";
  let userDir = "";
  let userSettings = "";
  let journal = "";
  let pane = "";
  let env: Record<string, string | undefined> = {};

  const ready = (t: TestContext): TestServer | undefined => {
    if (copilot) return server;
    t.skip("GitHub Copilot CLI is not installed (set AGENTMUX_E2E_COPILOT to its bin)");
    return undefined;
  };

  before(async () => {
    if (!copilot) return;
    fake = await startFakeChat({ port: 0 });
    server = new TestServer({ PATH: `${dirname(copilot)}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    // A directory name a shell line or a tmux format would trip on.
    project = join(server.home, "it's #1 %s");
    mkdirSync(project, { recursive: true });
    const home = join(server.home, "user");
    env = copilotEnv(home, fake.url);
    // The user's own ~/.copilot: the project trusted, and a hook of theirs that must keep running.
    userDir = env["COPILOT_HOME"] ?? "";
    userSettings = `${JSON.stringify({ hooks: { agentStop: [{ type: "command", bash: `echo stop >> '${join(server.home, "user-hook.log")}'`, timeoutSec: 10 }] } }, null, 2)}\n`;
    seedCopilotDir(userDir, [project], userSettings);
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

  const events = (target: string): Journaled[] => existsSync(journal)
    ? readFileSync(journal, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Journaled).filter((e) => e.pane === target) : [];
  const waitForEvents = (s: TestServer, target: string, wanted: string[]) => s.waitFor(`events ${wanted.join(", ")} from ${target}`, () => wanted.every((w) => events(target).some((e) => e.event === w)), LONG * 2)
    .catch((e: Error) => { throw new Error(`${e.message}; journal had: ${events(target).map((j) => j.event).join(", ") || "nothing"}`); });
  const cli = async (s: TestServer, args: string[]) => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };
  const userFilesUnchanged = () => {
    assert.equal(readFileSync(join(userDir, "settings.json"), "utf8"), userSettings, "the user's settings.json is as it was");
    assert.equal(readFileSync(join(userDir, "config.json"), "utf8"), copilotConfigText([project]), "the user's config.json is as it was");
  };

  it("a plain turn: idle, working, waiting from Copilot's hooks; the native session id is learned", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "copilot", "--dir", project]);
    await s.waitForScreen(pane, READY, LONG * 3);
    await waitForState(s, pane, "idle", LONG);
    await cli(s, ["send", pane, "remember the word MANGO-E2E and say hello"]);
    await waitForRead(s, pane, HELLO_RE, LONG * 2);
    await waitForEvents(s, pane, ["sessionStart", "userPromptSubmitted", "agentStop"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.ok((await transitions(s, pane)).includes("working"), "the turn showed working");
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    let id = "";
    await s.waitFor("the native session id", async () => /^[0-9a-f-]{36}$/.test(id = await paneOption(s, pane, "@agentmux-id")), LONG);
    assert.equal((await listJson(s)).find((e) => e["pane"] === pane)?.["id"], id, "list --json shows it");
    await s.waitFor("the user's own agentStop hook", () => existsSync(join(s.home, "user-hook.log")), LONG);
    userFilesUnchanged();
  });

  it("a shell command's permission dialog is blocked, answered with keys, then working and waiting", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const marker = join(project, "marker-from-copilot");
    // Relative: the command runs in the project, whose path has spaces (E2E_CMD takes one word).
    await cli(s, ["send", pane, "E2E_TOOL E2E_CMD=marker-from-copilot please"]);
    await waitForRead(s, pane, /Do you want to run this command\?/, LONG * 2);
    await waitForEvents(s, pane, ["permissionRequest"]);
    await waitForState(s, pane, "blocked", LONG);
    await cli(s, ["keys", pane, "Enter"]); // "1. Yes" is selected
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForEvents(s, pane, ["postToolUse"]);
    await waitForState(s, pane, "waiting", LONG);
    userFilesUnchanged();
  });

  it("restart resumes the same conversation (--resume=ID): the model is sent the turn from before", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    assert.ok(pane, "the session from the first test is running");
    const id = await paneOption(s, pane, "@agentmux-id");
    const out = await cli(s, ["restart", pane]);
    assert.match(out, new RegExp(`resuming ${id}`));
    await s.waitForScreen(pane, READY, LONG * 3);
    await waitForState(s, pane, "idle", LONG);
    const before = fake.requests.length;
    await cli(s, ["send", pane, "which word was it"]);
    await waitForRead(s, pane, /which word was it/, LONG);
    await s.waitFor("the model asked the new prompt", () => fake!.requests.slice(before).some((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("which word was it")), LONG * 2);
    const asked = fake.requests.slice(before).find((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("which word was it"));
    assert.match(JSON.stringify(asked?.body), /MANGO-E2E/, "the resumed conversation carries the turn from before the restart");
    await waitForState(s, pane, "waiting", LONG);
    assert.equal(await paneOption(s, pane, "@agentmux-id"), id, "the same session id");
    userFilesUnchanged();
    await s.tmux(["kill-pane", "-t", pane]);
  });

  it("batch runs entries through the runner (prompt on stdin, --output-format json)", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] Say hello\n- [ ] E2E_TOOL E2E_CMD=batch-marker run it\n");
    const r = await execa("node", [CLI, "-L", s.name, "batch", todo, "--dir", project, "--backend", "copilot", "--yes", "--json"], { env: { ...s.env, ...env }, extendEnv: false, reject: false, cwd: s.work, timeout: 180_000 });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const summary = JSON.parse(String(r.stdout)) as { entries: Array<{ status: string; firstLine: string; sessionId: string | null; costUsd: number | null }> };
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "done"], String(r.stderr));
    assert.equal(summary.entries[0]?.firstLine, HELLO);
    assert.match(summary.entries[0]?.sessionId ?? "", /^[0-9a-f-]{36}$/);
    assert.match(summary.entries[1]?.firstLine ?? "", /^Tool finished/);
    assert.ok(existsSync(join(project, "batch-marker")), "the tool ran without a dialog (--allow-all-tools)");
    assert.deepEqual(summary.entries.map((e) => e.costUsd), [null, null], "Copilot reports no cost");
  });
});
