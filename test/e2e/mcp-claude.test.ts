import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { claudeProjectName } from "../../src/backends/claude/lineage.ts";

// Issue #31 against the real Claude Code: agentmux's MCP server, registered the way `init --agents`
// prints it (`claude mcp add --scope user`), is started by Claude Code inside its pane; the fake
// model calls its tools (E2E_MCP_LIST, E2E_MCP_SEND), and the message arrives in the other
// session's transcript naming the sending session, known from the server's process ancestry.

const claude = findClaude();

describe("agentmux mcp as the real Claude Code's MCP server, against a fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let configDir = "";
  let rcpt = "";
  let sender = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (claude.bin !== null) return server;
    t.skip(`Claude Code is not available: ${claude.reason}`);
    return undefined;
  };
  const cli = async (s: TestServer, args: string[]): Promise<string> => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
    return String(r.stdout);
  };
  /**
   * Type a prompt into the sender, approve the MCP tool's permission dialog, and wait for its turn
   * to end. Claude Code connects its MCP servers while its prompt already takes input: a turn before
   * the server is connected offers no agentmux tool, and the fake answers its hello; then the
   * prompt goes again (at most five times).
   */
  const turn = async (s: TestServer, prompt: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      const hellos = ((await s.capture(sender)).match(/Hello from the fake model/g) ?? []).length;
      await cli(s, ["send", sender, prompt]);
      let screen = "";
      await s.waitFor("the tool's dialog, or the fake's hello", async () => {
        screen = await s.capture(sender);
        return /Do you want to proceed\?/.test(screen) || (screen.match(/Hello from the fake model/g) ?? []).length > hellos;
      }, LONG);
      if (/Do you want to proceed\?/.test(screen)) break;
      assert.ok(attempt < 5, `no agentmux tool was offered after ${attempt} prompts: ${screen}`);
      await waitForState(s, sender, "waiting", LONG);
    }
    await cli(s, ["keys", sender, "Enter"]);
    await s.waitForScreen(sender, /Tool finished/, LONG);
    await waitForState(s, sender, "waiting", LONG);
  };

  before(async () => {
    if (claude.bin === null) return;
    fake = await startFakeAnthropic({ port: 0, slowMs: 15_000 });
    server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    project = join(server.home, "mcp \"q\" #1 ü");
    mkdirSync(project, { recursive: true });
    configDir = join(server.home, "claude-config");
    seedClaudeHome(configDir, { projects: [server.home, project], apiKey: "dummy", version: claude.version });
    // The registration init --agents prints, with this test's home named (AGENTMUX_HOME): the server
    // Claude Code starts finds the tmux server from $TMUX, as it does for a user.
    const add = await execa(claude.bin, ["mcp", "add", "--scope", "user", "agentmux", "-e", `AGENTMUX_HOME=${server.home}`, "--", process.execPath, CLI, "mcp"],
      { env: { ...server.env, ...claudeEnv(configDir, fake.url) }, extendEnv: false, reject: false, timeout: 60_000 });
    assert.equal(add.exitCode, 0, `${add.stderr}${add.stdout}`);
    await server.start();
    await server.setServerEnv({ ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") });
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sleep 60"]);
  });
  after(async () => {
    try { await server?.cli(["daemon", "stop"]); await server?.stop(); } finally { await fake?.close(); }
  });

  it("the model lists the sessions through list_sessions: the server knows the session it runs in", async (t) => {
    const s = ready(t);
    if (!s) return;
    rcpt = (await cli(s, ["new", "--backend", "claude", "--dir", project, "--instance", "rcpt", "--detached"])).trim();
    sender = (await cli(s, ["new", "--backend", "claude", "--dir", project, "--instance", "sender", "--detached"])).trim();
    assert.ok(Number(rcpt.slice(1)) > 10 && Number(sender.slice(1)) > 10, `${rcpt} ${sender}`);
    for (const pane of [rcpt, sender]) await waitForState(s, pane, "idle", LONG);
    await turn(s, "E2E_MCP_LIST which sessions are there?");
    const screen = await s.capture(sender);
    // The tool's answer, as the fake model repeats it: {"caller": "<the sender's pane>", ...}.
    assert.match(screen.replace(/\s+/g, " "), new RegExp(`"caller": "${sender}"`), screen);
  });

  it("the model sends a message through send_message: it arrives in the other session's transcript, naming the sender", async (t) => {
    const s = ready(t);
    if (!s || !sender) return;
    await turn(s, `E2E_MCP_SEND E2E_TARGET=${rcpt} tell the other session hello`);
    let id = "";
    await s.waitFor(`${rcpt}'s session id`, async () => (id = await paneOption(s, rcpt, "@agentmux-id")) !== "", LONG);
    const file = join(configDir, "projects", claudeProjectName(project), `${id}.jsonl`);
    await s.waitFor("the transcript", () => existsSync(file), LONG);
    const users = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.stringify((JSON.parse(l) as { type: string; message?: { content?: unknown } }).message?.content ?? ""));
    const recorded = users.find((u) => u.includes("[agentmux "));
    assert.ok(recorded, users.join("\n").slice(0, 400));
    assert.ok(recorded.includes(`(pane ${sender})`), recorded.slice(0, 300));
    assert.ok(recorded.includes("E2E_SAY=hello back from the fake model"));
    await s.waitForScreen(rcpt, /hello back from the fake model/, LONG);
  });

  it("the model waits for the other session's turn to end (wait_for_state) and reads its answer (read_session): through MCP tools alone", async (t) => {
    const s = ready(t);
    if (!s || !sender) return;
    await turn(s, `E2E_MCP_WAIT E2E_TARGET=${rcpt} wait for its answer`);
    assert.match((await s.capture(sender)).replace(/\s+/g, " "), new RegExp(`"pane": "${rcpt}", "state": "waiting"`));
    await turn(s, `E2E_MCP_READ E2E_TARGET=${rcpt} read its answer`);
    assert.match((await s.capture(sender)).replace(/\s+/g, " "), /"role": "assistant", "text": "hello back from the fake model"/);
  });
});
