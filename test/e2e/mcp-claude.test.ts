import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";

// Issue #31 against the real Claude Code and Codex: agentmux's MCP server, registered the way
// `init --agents` prints it (`claude mcp add --scope user`), is started by Claude Code inside its
// pane; the fake model calls its tools (E2E_MCP_LIST, _SEND, _WAIT, _READ): a Claude session
// sends a message to a Codex session and waits for its answer through MCP tools alone.

const claude = findClaude();
const codex = findCodex();

interface Turn { role: string; text: string }

describe("agentmux mcp as the real Claude Code's MCP server: a Claude session drives a Codex session", () => {
  let anthropic: FakeAnthropic | undefined;
  let openai: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let rcpt = "";
  let sender = "";
  let home = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (claude.bin !== null && codex.bin !== null) return server;
    t.skip(`Claude Code or Codex is not available: ${claude.bin === null ? claude.reason : ""} ${codex.bin === null ? codex.reason : ""}`);
    return undefined;
  };
  const cli = async (s: TestServer, args: string[]): Promise<string> => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
    return String(r.stdout);
  };
  const flat = async (s: TestServer, pane: string) => (await s.capture(pane)).replace(/\s+/g, " ");
  /**
   * Type a prompt into the Claude session, approve the MCP tool's permission dialog, and wait for
   * its turn to end. Claude Code connects its MCP servers while its prompt already takes input: a
   * turn before the server is connected offers no agentmux tool, and the fake answers its hello;
   * then the prompt goes again (at most five times).
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
    if (claude.bin === null || codex.bin === null) return;
    anthropic = await startFakeAnthropic({ port: 0, slowMs: 15_000 });
    openai = await startFakeOpenAI({ port: 0 });
    // Codex's home is the same for agentmux (which prepares it and finds the session's rollout there) and for Codex.
    home = join(mkdtempSync(join(tmpdir(), "agentmux-mcp-e2e-")), "home");
    const codexHome = join(home, ".codex");
    server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, CODEX_HOME: codexHome });
    const project = join(server.home, "mcp \"q\" #1 ü");
    mkdirSync(project, { recursive: true });
    const configDir = join(server.home, "claude-config");
    seedClaudeHome(configDir, { projects: [server.home, project], apiKey: "dummy", version: claude.version });
    seedCodexHome(codexHome, { projects: [project], providerUrl: openai.url });
    // The registration init --agents prints, with this test's home named (AGENTMUX_HOME): the server
    // Claude Code starts finds the tmux server from $TMUX, as it does for a user.
    const add = await execa(claude.bin, ["mcp", "add", "--scope", "user", "agentmux", "-e", `AGENTMUX_HOME=${server.home}`, "--", process.execPath, CLI, "mcp"],
      { env: { ...server.env, ...claudeEnv(configDir, anthropic.url) }, extendEnv: false, reject: false, timeout: 60_000 });
    assert.equal(add.exitCode, 0, `${add.stderr}${add.stdout}`);
    await server.start();
    await server.setServerEnv({ ...claudeEnv(configDir, anthropic.url), ...codexEnv(codexHome), HOME: home });
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sleep 60"]);
    rcpt = (await cli(server, ["new", "--backend", "codex", "--dir", project, "--instance", "cx", "--detached"])).trim();
    sender = (await cli(server, ["new", "--backend", "claude", "--dir", project, "--instance", "lead", "--detached"])).trim();
    for (const pane of [rcpt, sender]) await waitForState(server, pane, "idle", LONG);
    // Codex names its thread at the first prompt: one ordinary exchange first, so a message can be confirmed from its rollout.
    await cli(server, ["send", rcpt, "say hello"]);
    await waitForState(server, rcpt, "waiting", LONG);
    await server.waitFor(`${rcpt}'s session id`, async () => (await paneOption(server as TestServer, rcpt, "@agentmux-id")) !== "", LONG);
  });
  after(async () => {
    try { await server?.cli(["daemon", "stop"]); await server?.stop(); } finally {
      await anthropic?.close();
      await openai?.close();
      if (home) rmSync(dirname(home), { recursive: true, force: true });
    }
  });

  it("list_sessions: the server knows the session it runs in", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(Number(rcpt.slice(1)) > 10 && Number(sender.slice(1)) > 10, `${rcpt} ${sender}`);
    await turn(s, "E2E_MCP_LIST which sessions are there?");
    // The tool's answer, as the fake model repeats it: {"caller": "<the Claude session's pane>", ...}.
    assert.match(await flat(s, sender), new RegExp(`"caller": "${sender}"`));
  });

  it("send_message: the message arrives in the Codex session's rollout, naming the Claude session", async (t) => {
    const s = ready(t);
    if (!s) return;
    await turn(s, `E2E_MCP_SEND E2E_TARGET=${rcpt} tell the other session hello`);
    assert.match(await flat(s, sender), /"recorded": true/);
    const turns = JSON.parse(await cli(s, ["read", rcpt, "--transcript", "--json"])) as Turn[];
    const message = turns.find((x) => x.role === "user" && x.text.startsWith("[agentmux "));
    assert.ok(message, JSON.stringify(turns));
    assert.ok(message.text.includes(`(pane ${sender})`), message.text.slice(0, 300));
    assert.match(message.text, /\n\nE2E_SAY=hello back from the fake model$/);
  });

  it("wait_for_state and read_session: the Claude session waits for the Codex session's answer and reads it, through MCP tools alone", async (t) => {
    const s = ready(t);
    if (!s) return;
    await turn(s, `E2E_MCP_WAIT E2E_TARGET=${rcpt} wait for its answer`);
    assert.match(await flat(s, sender), new RegExp(`"pane": "${rcpt}", "state": "waiting"`));
    await turn(s, `E2E_MCP_READ E2E_TARGET=${rcpt} read its answer`);
    assert.match(await flat(s, sender), /"role": "assistant", "text": "hello back from the fake model"/);
  });
});
