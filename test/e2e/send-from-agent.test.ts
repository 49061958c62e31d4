import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { asAgent } from "../helpers/as-agent.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";
import { claudeProjectName } from "../../src/backends/claude/lineage.ts";

// Issue #17 against the real Claude Code and Codex: `send --from-agent` is confirmed from the
// CLI's own records (Claude's project transcript, Codex's rollout), times out when they do not
// show it, and `read --transcript` reads the conversation back from them.

const claude = findClaude();
const codex = findCodex();

interface Turn { role: string; text: string; at: number | null }

/** A message long enough that Claude Code shows it folded ("[Pasted text #1 +N lines]"). */
const LONG_MESSAGE = Array.from({ length: 30 }, (_, i) => `line ${i + 1} of the review notes`).join("\n");

const cli = async (s: TestServer, args: string[], env: Record<string, string> = {}): Promise<string> => {
  const r = await s.cli(args, { env });
  assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
  return String(r.stdout);
};
const nativeId = async (s: TestServer, pane: string): Promise<string> => {
  let id = "";
  await s.waitFor(`${pane}'s session id`, async () => (id = await paneOption(s, pane, "@agentmux-id")) !== "", LONG);
  return id;
};
const turnsOf = async (s: TestServer, pane: string, last?: number): Promise<Turn[]> =>
  JSON.parse(await cli(s, ["read", pane, "--transcript", "--json", ...(last === undefined ? [] : ["--last", String(last)])])) as Turn[];

describe("send --from-agent and read --transcript with the real Claude Code against a fake Anthropic API", () => {
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

  before(async () => {
    if (claude.bin === null) return;
    fake = await startFakeAnthropic({ port: 0, slowMs: 15_000 });
    server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    project = join(server.home, "talk \"q\" #1 %d ü");
    mkdirSync(project, { recursive: true });
    configDir = join(server.home, "claude-config");
    seedClaudeHome(configDir, { projects: [server.home, project], apiKey: "dummy", version: claude.version });
    await server.start();
    await server.setServerEnv({ ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") });
    for (let i = 0; i < 11; i++) {
      const made = String((await server.tmux(["split-window", "-d", "-t", "base", "-P", "-F", "#{pane_id}", "sleep", "60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", made]);
    }
  });
  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });

  it("a long message from another session: the transcript records it whole, the header names the sender", async (t) => {
    const s = ready(t);
    if (!s) return;
    rcpt = (await cli(s, ["new", "--backend", "claude", "--dir", project, "--instance", "rcpt", "--detached"])).trim();
    assert.ok(Number(rcpt.slice(1)) > 10, rcpt);
    // The sender: any agentmux pane, running agentmux as its agent would (agentmux finds the pane
    // from its process ancestry; $TMUX_PANE alone is only a claim).
    sender = (await cli(s, ["new", "--command", "sh", "--dir", project, "--instance", "sender", "--detached"])).trim();
    await s.waitForScreen(rcpt, /^❯\u00a0/m, LONG);
    await waitForState(s, rcpt, "idle", LONG);
    const id = await nativeId(s, rcpt);
    const out = await asAgent(s, sender, ["send", "--from-agent", rcpt, "-", "--timeout", "60"], { input: `${LONG_MESSAGE}\n`, shell: true, timeoutMs: 90_000 });
    assert.equal(out.rc, 0, `${out.err}${out.out}`);
    assert.match(out.out, /transcript recorded it/u);
    const file = join(configDir, "projects", claudeProjectName(project), `${id}.jsonl`);
    assert.ok(existsSync(file), file);
    const users = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { type: string; message?: { content?: unknown } })
      .filter((r) => r.type === "user").map((r) => JSON.stringify(r.message?.content ?? ""));
    const recorded = users.find((u) => u.includes("[agentmux "));
    assert.ok(recorded, `a user record holds the header: ${users.join("\n").slice(0, 400)}`);
    assert.ok(recorded.includes("line 30 of the review notes"), "the whole text, not the folded paste");
    assert.ok(recorded.includes(`(pane ${sender})`), recorded.slice(0, 300));
    assert.ok(recorded.includes("the user did not type it"));
  });

  it("read --transcript --last 2 --json: that message and the model's answer, from the records", async (t) => {
    const s = ready(t);
    if (!s || !rcpt) return;
    await waitForState(s, rcpt, "waiting", LONG);
    const turns = await turnsOf(s, rcpt, 2);
    assert.deepEqual(turns.map((x) => x.role), ["user", "assistant"], JSON.stringify(turns));
    assert.match(turns[0]?.text ?? "", /^\[agentmux [0-9a-f]{12}\] Message from another agent session/u);
    assert.match(turns[0]?.text ?? "", /line 30 of the review notes$/u);
    assert.ok((turns[1]?.text ?? "") !== "");
  });

  it("a tool call is one line of the transcript: `tool: Bash: <command>`", async (t) => {
    const s = ready(t);
    if (!s || !rcpt) return;
    const marker = join(s.home, "e2e-marker");
    await cli(s, ["send", rcpt, `E2E_TOOL E2E_CMD=${marker} please create the marker file`]);
    await s.waitForScreen(rcpt, /Do you want to proceed\?/, LONG);
    await cli(s, ["keys", rcpt, "Enter"]);
    await s.waitFor("the marker", () => existsSync(marker), LONG);
    await waitForState(s, rcpt, "waiting", LONG);
    const turns = await turnsOf(s, rcpt);
    const tool = turns.find((x) => x.role === "tool");
    assert.ok(tool, JSON.stringify(turns));
    assert.match(tool.text, /^Bash: touch /u);
    assert.ok(!turns.some((x) => x.text.includes("tool_result")), "no tool results");
  });

  it("a recipient busy with a turn: the message waits in Claude's queue, so the wait times out (exit 75) naming it", async (t) => {
    const s = ready(t);
    if (!s || !rcpt) return;
    await cli(s, ["send", rcpt, "E2E_SLOW take your time"]);
    await waitForState(s, rcpt, "working", LONG);
    const out = await asAgent(s, sender, ["send", "--from-agent", rcpt, "are you there?", "--timeout", "3"], { shell: true, timeoutMs: 60_000 });
    assert.equal(out.rc, 75, `${out.err}${out.out}`);
    assert.match(out.err, new RegExp(`\\(${rcpt}\\), but its Claude Code transcript never recorded it within 3 s`, "u"));
    // Once the turn is over Claude Code takes the queued message: a user turn of the transcript then.
    await s.waitFor("the queued message recorded", async () => (await turnsOf(s, rcpt)).some((x) => x.role === "user" && x.text.endsWith("are you there?")), 2 * LONG);
  });
});

describe("send --from-agent and read --transcript with the real Codex against a fake OpenAI API", () => {
  let fake: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let project = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (codex.bin !== null) return server;
    t.skip(`Codex is not available: ${codex.reason}`);
    return undefined;
  };

  before(async () => {
    if (codex.bin === null) return;
    fake = await startFakeOpenAI({ port: 0 });
    const home = join(mkdtempSync(join(tmpdir(), "agentmux-codex-")), "home");
    const codexHome = join(home, ".codex");
    server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, CODEX_HOME: codexHome });
    project = join(server.home, "codex talk é #1");
    mkdirSync(project, { recursive: true });
    seedCodexHome(codexHome, { projects: [project], providerUrl: fake.url });
    await server.start();
    await server.setServerEnv({ ...codexEnv(codexHome), HOME: home });
  });
  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });

  it("a message from outside agentmux is confirmed from the rollout, and read back with read --transcript", async (t) => {
    const s = ready(t);
    if (!s) return;
    const pane = (await cli(s, ["new", "--backend", "codex", "--dir", project, "--instance", "cx", "--detached"])).trim();
    await s.waitForScreen(pane, /Ask Codex to do anything|^› /m, LONG);
    await waitForState(s, pane, "idle", LONG);
    // Codex names its thread at the first prompt at the latest: one ordinary exchange first.
    await cli(s, ["send", pane, "say hello"]);
    await waitForState(s, pane, "waiting", LONG);
    await nativeId(s, pane);
    const out = JSON.parse(await cli(s, ["send", "--from-agent", pane, "please", "summarise", "--timeout", "60", "--json"])) as { ok: boolean; ref: string; from: unknown };
    assert.deepEqual([out.ok, out.from], [true, null]);
    await waitForState(s, pane, "waiting", LONG);
    const turns = await turnsOf(s, pane);
    const users = turns.filter((x) => x.role === "user").map((x) => x.text);
    assert.equal(users[0], "say hello", JSON.stringify(turns));
    assert.match(users[1] ?? "", new RegExp(`^\\[agentmux ${out.ref}\\] Message from another agent session, an agent outside agentmux, .*\\n\\nplease summarise$`, "u"));
    assert.equal(turns.at(-1)?.role, "assistant");
  });
});
