import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForRead, transitions, LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { HELLO } from "./fake-model.ts";

// Claude's input box starts with "❯" followed by a no-break space.
const PROMPT = /^❯\u00a0/m;

const claude = findClaude();

describe("the real Claude Code in tmux against a fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let pane = "";

  // Returns the server, or skips the test with the reason Claude cannot run.
  const ready = (t: TestContext): TestServer | undefined => {
    if (claude.bin !== null) return server;
    t.skip(`Claude Code is not available: ${claude.reason}`);
    return undefined;
  };

  before(async () => {
    if (claude.bin === null) {
      console.log(`skipping the Claude Code e2e tests: ${claude.reason}`);
      return;
    }
    fake = await startFakeAnthropic({ port: 0 });
    // The real claude's directory first on PATH, so test/fixtures/bin/claude is not used.
    server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    project = join(server.home, "project");
    mkdirSync(project, { recursive: true });
    const configDir = join(server.home, "claude-config");
    seedClaudeHome(configDir, { projects: [project], apiKey: "dummy", version: claude.version });
    await server.start();
    // Panes get the tmux server's environment, not the environment of the CLI that opens them.
    // HOME too: even with CLAUDE_CONFIG_DIR set, Claude writes under ~/.local/share.
    await server.setServerEnv({ ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") });
  });

  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });




  const newSession = async (s: TestServer, args: string[]): Promise<string> => {
    const r = await s.cli(["new", "--backend", "claude", "--dir", project, ...args]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const id = String(r.stdout).trim();
    assert.match(id, /^%\d+$/);
    return id;
  };

  // "send /exit" would fail: the pane closes under its check that the Return was taken.
  const quit = async (s: TestServer, target: string): Promise<void> => {
    const typed = await s.cli(["send", "--no-enter", target, "/exit"]);
    assert.equal(typed.exitCode, 0, String(typed.stderr));
    await s.waitForScreen(target, /^❯\s?\/exit/m, LONG);
    const keys = await s.cli(["keys", target, "Enter"]);
    assert.equal(keys.exitCode, 0, String(keys.stderr));
    // A clean exit closes the pane (remain-on-exit is only for failures). tmux 3.3a built with
    // libutempter sometimes misses the SIGCHLD (it runs its utmp helper as the pty closes), so the
    // pane stays dead with no status: that counts as exited, a failure status does not.
    let state = "";
    let screen = "";
    await s.waitFor(`pane ${target} to close after /exit`, async () => {
      // display-message -t on a closed pane answers empty values with status 0: list the panes instead.
      const panes = String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id} #{pane_dead}:#{pane_dead_status}"])).stdout);
      state = new RegExp(`^${target} (.*)$`, "m").exec(panes)?.[1] ?? "gone";
      if (!state.startsWith("1:")) return state === "gone";
      const c = await s.tmux(["capture-pane", "-p", "-t", target]);
      if (c.exitCode !== 0) state = "gone";
      screen = String(c.stdout);
      return true;
    }, LONG).catch(async (e: Error) => { throw new Error(`${e.message}; screen was:\n${await s.capture(target)}`); });
    if (state !== "gone") {
      assert.match(state, /^1:0?$/, `Claude's exit status: ${state}`);
      assert.match(screen, /Resume this session with:/);
      assert.doesNotMatch(screen, /\[agentmux\] .* exited with status/);
    }
  };

  it("starts at Claude's prompt and answers a prompt sent with agentmux send", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await newSession(s, ["--instance", "main"]);
    await s.waitForScreen(pane, PROMPT, LONG);
    await waitForState(s, pane, "idle", LONG); // SessionStart through agentmux's --settings hooks
    const sent = await s.cli(["send", pane, "say hello"]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    const screen = await waitForRead(s, pane, new RegExp(`● ${HELLO}`));
    assert.match(screen, /❯ say hello/);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual(await transitions(s, pane), ["idle", "working", "waiting"]);
  });

  it("knows Claude's session id and model from its hooks and status line", async (t) => {
    const s = ready(t);
    if (!s) return;
    await s.waitFor("session id", async () => /^[0-9a-f-]{36}$/.test(await paneOption(s, pane, "@agentmux-id")), LONG);
    await s.waitFor("model", async () => (await paneOption(s, pane, "@agentmux-model")) !== "", LONG);
    const list = JSON.parse(String((await s.cli(["list", "--json"])).stdout)) as Array<Record<string, unknown>>;
    assert.equal(list.find((e) => e["pane"] === pane)?.["id"], await paneOption(s, pane, "@agentmux-id"));
  });

  it("asks permission for a tool call, and runs it once approved with agentmux keys", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const marker = join(project, "marker-from-claude");
    const sent = await s.cli(["send", pane, `E2E_TOOL E2E_CMD=${marker} please create the marker file`]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    const dialog = await s.waitForScreen(pane, /Do you want to proceed\?/, LONG);
    assert.match(dialog, new RegExp(`touch ${marker}`));
    assert.ok(!existsSync(marker), "nothing runs before the approval");
    await waitForState(s, pane, "blocked", LONG);
    const before = (await transitions(s, pane)).length;
    const keys = await s.cli(["keys", pane, "Enter"]);
    assert.equal(keys.exitCode, 0, String(keys.stderr));
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForRead(s, pane, /● Tool finished: /);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual((await transitions(s, pane)).slice(before - 1), ["blocked", "working", "waiting"]);
  });

  it("Escape mid-turn leaves the session blocked (the interrupt fires no hook)", async (t) => {
    const s = ready(t);
    if (!s) return;
    const sent = await s.cli(["send", pane, "E2E_SLOW tell me a long story"]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    await waitForState(s, pane, "working", LONG);
    await waitForRead(s, pane, /slow/i);
    const keys = await s.cli(["keys", pane, "Escape"]);
    assert.equal(keys.exitCode, 0, String(keys.stderr));
    await waitForState(s, pane, "blocked", 10_000);
  });

  it("quits with /exit", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    await quit(s, pane);
  });

  it("restart resumes the same conversation in the same pane (the same native id, the earlier turns sent again)", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const target = await newSession(s, ["--instance", "restarted"]);
    await waitForState(s, target, "idle", LONG);
    assert.equal((await s.cli(["send", target, "remember the word PAPAYA-E2E"])).exitCode, 0);
    await waitForState(s, target, "waiting", LONG);
    let id = "";
    await s.waitFor("session id", async () => /^[0-9a-f-]{36}$/.test(id = await paneOption(s, target, "@agentmux-id")), LONG);
    const token = await paneOption(s, target, "@agentmux-token-hash");
    const r = await s.cli(["restart", target]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), new RegExp(`resuming ${id}`));
    assert.notEqual(await paneOption(s, target, "@agentmux-token-hash"), token, "a new process");
    await s.waitForScreen(target, PROMPT, LONG);
    await waitForState(s, target, "idle", LONG);
    const before = fake.requests.length;
    assert.equal((await s.cli(["send", target, "which word was it"])).exitCode, 0);
    await waitForRead(s, target, new RegExp(`● ${HELLO}`));
    await waitForState(s, target, "waiting", LONG);
    const asked = fake.requests.slice(before).find((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("which word was it"));
    assert.ok(asked, "the fake model was asked the new prompt");
    assert.match(JSON.stringify(asked.body), /PAPAYA-E2E/, "the resumed conversation carries the turn from before the restart");
    assert.equal(await paneOption(s, target, "@agentmux-id"), id, "the same native session id");
    await quit(s, target);
  });

  it("restart of a session that never exchanged a message starts it fresh, says so, and it runs on (nothing to resume)", async (t) => {
    const s = ready(t);
    if (!s) return;
    const target = await newSession(s, ["--instance", "blank"]);
    await waitForState(s, target, "idle", LONG);
    await s.waitFor("its native id", async () => (await paneOption(s, target, "@agentmux-id")) !== "", LONG);
    const r = await s.cli(["restart", target]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^restarted .* fresh: its conversation \S+ was never recorded \(no message was exchanged\), so there was nothing to resume/);
    await s.waitForScreen(target, PROMPT, LONG);
    assert.doesNotMatch(await s.capture(target), /No conversation found/);
    await waitForState(s, target, "idle", LONG);
    // It works: a prompt is answered.
    assert.equal((await s.cli(["send", target, "say hello"])).exitCode, 0);
    await waitForRead(s, target, new RegExp(`● ${HELLO}`));
    await quit(s, target);
  });

  it("exit runs a before-exit skill as /name, waits for its turn to end, then closes the pane", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const skill = join(s.home, "claude-config", "skills", "wrapup");
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, "SKILL.md"), "---\nname: wrapup\ndescription: Close out the session.\n---\n\nWRAPUP-SKILL-BODY: summarise what was done.\n");
    const config = join(s.home, "config", "config.yml");
    mkdirSync(join(s.home, "config"), { recursive: true });
    writeFileSync(config, "exit:\n  skills: [wrapup]\n");
    try {
      const target = await newSession(s, ["--instance", "closing"]);
      await waitForState(s, target, "idle", LONG);
      const before = fake.requests.length;
      const r = await s.cli(["exit", target]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      assert.match(String(r.stdout), /running skill 1\/1: \/wrapup/);
      await s.waitFor("the pane to close after the skill's turn", async () => {
        const list = JSON.parse(String((await s.cli(["list", "--json"])).stdout)) as Array<Record<string, unknown>>;
        return list.find((e) => e["pane"] === target)?.["state"] === "exited";
      }, LONG);
      const asked = fake.requests.slice(before).some((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes("WRAPUP-SKILL-BODY"));
      assert.ok(asked, "Claude ran the skill: the model was sent its body");
    } finally {
      rmSync(config, { force: true });
    }
  });

  it("a draft in Claude's input line: send and exit refuse to submit onto it, and type nothing", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const config = join(s.home, "config", "config.yml");
    mkdirSync(join(s.home, "config"), { recursive: true });
    writeFileSync(config, "exit:\n  skills: [wrapup]\n");
    try {
      const target = await newSession(s, ["--instance", "drafty"]);
      await waitForState(s, target, "idle", LONG);
      await s.tmux(["send-keys", "-t", target, "-l", "half-typed draft"]);
      await s.waitForScreen(target, /^❯\u00a0half-typed draft/m, LONG);
      const before = fake.requests.length;
      for (const args of [["send", target, "hello"], ["exit", target]]) {
        const r: { exitCode?: number; stdout: unknown; stderr: unknown } = await s.cli(args);
        assert.equal(r.exitCode, 1, `${args[0]}: ${String(r.stdout)}${String(r.stderr)}`);
        assert.match(String(r.stderr), /input line holds a draft \("half-typed draft"\)/, args[0]);
      }
      assert.match(await s.capture(target), /^❯\u00a0half-typed draft\s*$/m, "the draft is as it was");
      assert.equal(fake.requests.slice(before).filter((q) => q.decision?.kind === "text" && !q.decision.side).length, 0, "nothing reached the model");
      await s.cli(["kill", target, "--yes"]);
    } finally {
      rmSync(config, { force: true });
    }
  });

  it("a prompt queued during the turn goes before the exit chain, which is then cancelled, saying why", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const config = join(s.home, "config", "config.yml");
    mkdirSync(join(s.home, "config"), { recursive: true });
    writeFileSync(config, "exit:\n  skills: [wrapup]\n");
    try {
      const before = fake.requests.length;
      const target = await newSession(s, ["--instance", "queued"]);
      await waitForState(s, target, "idle", LONG);
      assert.equal((await s.cli(["send", target, "E2E_SLOW please answer slowly"])).exitCode, 0);
      await waitForState(s, target, "working", LONG);
      // The user types the next prompt while the turn runs: Claude Code queues it.
      await s.tmux(["send-keys", "-t", target, "-l", "queued follow-up"]);
      await s.tmux(["send-keys", "-t", target, "Enter"]);
      await s.waitForScreen(target, /Press up to edit queued messages/, LONG);
      const r = await s.cli(["exit", target]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      assert.match(String(r.stdout), /armed: waiting for the running turn to end/);
      // Only this test's requests: an earlier test ran the same skill in another session.
      const asked = (text: string) => fake!.requests.slice(before).some((q) => q.decision?.kind === "text" && !q.decision.side && JSON.stringify(q.body).includes(text));
      await s.waitFor("the queued prompt to reach the model", () => asked("queued follow-up"), LONG);
      await s.waitFor("the exit chain to be cancelled", async () => /exit %\d+: cancelled: /.test(String((await s.cli(["daemon", "logs", "--tail", "300"])).stdout)), LONG);
      await waitForState(s, target, "waiting", LONG);
      assert.ok(!asked("WRAPUP-SKILL-BODY"), "the before-exit skill never ran: the user went on with the session");
      assert.notEqual(await paneOption(s, target, "@agentmux-state"), "exited");
      await s.cli(["kill", target, "--yes"]);
    } finally {
      rmSync(config, { force: true });
    }
  });

  it("new --prompt --no-submit in a folder Claude does not trust yet: the text waits for the trust dialog's answer, then goes into the input line", async (t) => {
    const s = ready(t);
    if (!s) return;
    const untrusted = join(s.home, "untrusted project");
    mkdirSync(untrusted, { recursive: true });
    const started = s.cli(["new", "--backend", "claude", "--dir", untrusted, "--instance", "untrusted", "--prompt", "typed after the trust question", "--no-submit"]);
    let pane = "";
    await s.waitFor("the trust dialog", async () => {
      const panes = String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id} #{@agentmux-instance}"])).stdout);
      pane = /^(%\d+) untrusted$/m.exec(panes)?.[1] ?? "";
      return pane !== "" && /trust this folder/.test(await s.capture(pane));
    }, LONG);
    // Nothing was typed into the dialog while it waited.
    assert.doesNotMatch(await s.capture(pane), /typed after the trust question/);
    await s.tmux(["send-keys", "-t", pane, "Enter"]);
    const r = await started;
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stderr), /shows a dialog: the prompt is typed once you answer it there/);
    await s.waitForScreen(pane, /^❯\u00a0typed after the trust question/m, LONG);
    await s.cli(["kill", pane, "--yes"]);
  });

  it("route of a URL into a new project Claude does not trust yet: the URL waits for the trust dialog's answer, then goes into the input line", async (t) => {
    const s = ready(t);
    if (!s) return;
    const untrusted = join(s.home, "routed project #2");
    mkdirSync(untrusted, { recursive: true });
    const url = "https://github.com/acme/api/issues/31";
    const routed = s.cli(["route", url, "--backend", "claude", "--dir", untrusted, "--json"]);
    let pane = "";
    await s.waitFor("the trust dialog", async () => {
      const panes = String((await s.tmux(["list-panes", "-a", "-F", "#{pane_id}\t#{@agentmux-dir}"])).stdout);
      pane = panes.split("\n").find((l) => l.endsWith(`\t${untrusted}`))?.split("\t")[0] ?? "";
      return pane !== "" && /trust this folder/.test(await s.capture(pane));
    }, LONG);
    assert.doesNotMatch(await s.capture(pane), /acme\/api/, "nothing typed into the dialog");
    await s.tmux(["send-keys", "-t", pane, "Enter"]);
    const r = await routed;
    assert.equal(r.exitCode, 0, String(r.stderr));
    const result = JSON.parse(String(r.stdout)) as { pane: string; delivered: string; submitted: boolean };
    assert.deepEqual([result.pane, result.delivered, result.submitted], [pane, "new", false]);
    await s.waitForScreen(pane, new RegExp(`^❯\u00a0${url.replace(/[/.]/g, "\\$&")}`, "m"), LONG);
    await s.cli(["kill", pane, "--yes"]);
  });

  it("new --prompt hands the prompt to Claude at launch, answered without typing", async (t) => {
    const s = ready(t);
    if (!s || !fake) return;
    const id = await newSession(s, ["--instance", "prompted", "--prompt", "initial prompt text"]);
    const screen = await waitForRead(s, id, new RegExp(`● ${HELLO}`));
    assert.match(screen, /❯ initial prompt text/);
    const asked = fake.requests.some((r) => r.decision?.kind === "text" && !r.decision.side && JSON.stringify(r.body).includes("initial prompt text"));
    assert.ok(asked, "the fake model was asked the initial prompt");
    await quit(s, id);
  });
});
