import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { CLI, ROOT, TestServer } from "../helpers/tmux-server.ts";
import { listJson } from "../helpers/agentmux-session.ts";
import { writeConfig } from "../helpers/config.ts";
import { claudeProjectName } from "../../src/backends/claude/lineage.ts";

// A HOME of its own, and Claude's records under it (the fake agent writes real-shaped transcripts there).
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-mcp-")));
const claudeDir = join(userHome, ".claude");
const FIXTURE = join(ROOT, "test", "fixtures", "mcp-call.mjs");
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

interface ToolResult { content?: Array<{ type: string; text?: string }>; isError?: boolean; thrown?: string }
const textOf = (r: ToolResult) => (r.content ?? []).map((c) => c.text ?? "").join("\n");

describe("agentmux mcp: an MCP client from the SDK drives a private tmux server", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: claudeDir });
  // Names with spaces, quotes, '#' and unicode: display names come from the directories.
  const rcptDir = join(server.work, "rcpt \"q\" #1 ü");
  const agentDir = join(server.work, "agent 'two' é");
  const panes: Record<string, string> = {};
  let client: Client;
  let n = 0;

  const start = async (key: string, args: string[]) => {
    const r = await server.cli(["new", ...args, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    panes[key] = String(r.stdout).trim();
  };
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;
  /** One tool called by an MCP server that the agent in `pane` started (the fake agent's /run runs the client, which starts the server). */
  const callAsAgent = async (pane: string, tool: string, args: Record<string, unknown>): Promise<ToolResult> => {
    const out = join(server.home, `mcp-call-${++n}.json`);
    const line = `${quote(process.execPath)} ${quote(FIXTURE)} ${quote(CLI)} ${quote(tool)} ${quote(JSON.stringify(args))} ${quote(out)}`;
    await server.tmux(["send-keys", "-t", pane, "-l", `/run ${line}`]);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await server.waitFor(`${tool} called from ${pane}`, () => existsSync(out) && readFileSync(out, "utf8").endsWith("}"), 30_000);
    await server.waitForScreen(pane, /ran: exit \d+/);
    return JSON.parse(readFileSync(out, "utf8")) as ToolResult;
  };
  const transcriptOf = async (pane: string) => {
    const row = (await listJson(server)).find((s) => s["pane"] === pane);
    const file = join(claudeDir, "projects", claudeProjectName(String(row?.["dir"])), `${String(row?.["id"])}.jsonl`);
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  };

  before(async () => {
    mkdirSync(rcptDir, { recursive: true });
    mkdirSync(agentDir, { recursive: true });
    await server.start();
    // Pane ids above %10.
    for (let i = 0; i < 11; i++) await server.tmux(["new-window", "-d", "sh"]);
    await server.tmux(["kill-window", "-a", "-t", "base:0"]);
    await start("rcpt", ["--backend", "claude", "--dir", rcptDir, "--group", "crew"]);
    await start("agent", ["--backend", "claude", "--dir", agentDir, "--group", "crew"]);
    for (const key of ["rcpt", "agent"]) await server.waitForScreen(panes[key] ?? "", /❯/);
    await server.waitFor("both sessions' native ids", async () => (await listJson(server)).filter((s) => s["id"]).length === 2, 15_000);
    client = new Client({ name: "agentmux-test", version: "1" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "-L", server.name, "mcp"], env: server.env, cwd: server.work, stderr: "pipe" }));
  });
  after(async () => {
    await client?.close();
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("offers the eight tools", async () => {
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    assert.deepEqual(names, ["explain_state", "group_send", "list_sessions", "new_session", "read_session", "send_keys", "send_message", "wait_for_state"]);
  });

  it("list_sessions shows the sessions, their names as list --json does, and no caller outside a session", async () => {
    const [rcpt, agent] = [panes["rcpt"] ?? "", panes["agent"] ?? ""];
    assert.ok(Number(rcpt.slice(1)) > 10 && Number(agent.slice(1)) > 10, `${rcpt} ${agent}`);
    const listed = JSON.parse(textOf(await call("list_sessions", {}))) as { caller: string | null; sessions: Array<Record<string, unknown>> };
    assert.equal(listed.caller, null);
    const cli = await listJson(server);
    for (const pane of [rcpt, agent]) {
      const row = listed.sessions.find((s) => s["pane"] === pane);
      assert.equal(row?.["name"], cli.find((s) => s["pane"] === pane)?.["name"]);
      assert.equal(row?.["group"], "crew");
    }
    assert.match(String(listed.sessions.find((s) => s["pane"] === rcpt)?.["name"]), /rcpt "q" #1 ü/u);
    const grouped = JSON.parse(textOf(await call("list_sessions", { group: "nobody" }))) as { sessions: unknown[] };
    assert.deepEqual(grouped.sessions, []);
  });

  it("a bad input is a tool error naming the input and the fix, and nothing is typed", async () => {
    const missing = await call("send_message", { text: "hi" });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /target is missing: give a session's pane id \(e\.g\. %12\), display name or instance name/);
    const key = await call("send_keys", { target: panes["rcpt"], keys: ["Enter", "rm -rf /"] });
    assert.equal(key.isError, true);
    assert.match(textOf(key), /"rm -rf \/" is not a key agentmux sends: use one of Enter, Escape/);
    const state = await call("wait_for_state", { target: panes["rcpt"], state: "asleep" });
    assert.match(textOf(state), /state must be one of working, blocked, waiting, idle/);
    const unknown = await call("read_session", { target: "no such session" });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /no session "no such session" \(sessions: /);
    assert.doesNotMatch(await server.capture(panes["rcpt"] ?? ""), /rm -rf|received:/);
  });

  it("read_session reads the screen; explain_state asks the daemon", async () => {
    const screen = await call("read_session", { target: panes["rcpt"] });
    assert.equal(screen.isError, undefined, textOf(screen));
    assert.match(textOf(screen), /❯/);
    const explained = await call("explain_state", { target: panes["rcpt"] });
    assert.equal(explained.isError, undefined, textOf(explained));
    assert.match(textOf(explained), /"name": "rcpt/);
  });

  it("a subscribed session's state resource is updated when its state changes; send_message arrives in its transcript; wait_for_state sees the turn end", async () => {
    const rcpt = panes["rcpt"] ?? "";
    const uri = `agentmux://pane/${rcpt.slice(1)}/state`;
    const listed = (await client.listResources()).resources.map((r) => r.uri);
    assert.ok(listed.includes(uri), listed.join(" "));
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (note) => { updates.push(note.params.uri); });
    await client.subscribeResource({ uri });
    const sent = await call("send_message", { target: rcpt, text: "FAKE_SAY=noted with 'quotes' \"and\" ü" });
    assert.equal(sent.isError, undefined, textOf(sent));
    assert.equal(JSON.parse(textOf(sent)).recorded, true);
    assert.match(await transcriptOf(rcpt), /Message from another agent session/);
    await server.waitFor("a resource-updated notification", () => updates.includes(uri), 15_000);
    const waited = await call("wait_for_state", { target: rcpt, state: "waiting", timeout: 30 });
    assert.equal(waited.isError, undefined, textOf(waited));
    const answer = await client.readResource({ uri: `agentmux://pane/${rcpt.slice(1)}/answer` });
    assert.match(String((answer.contents[0] as { text?: string }).text), /noted with 'quotes' "and" ü/u);
    const state = JSON.parse(String(((await client.readResource({ uri })).contents[0] as { text?: string }).text)) as Record<string, unknown>;
    assert.equal(state["pane"], rcpt);
  });

  it("from inside an agent session with control off: send_keys and group_send are refused with the gate's words; send_message arrives, naming the sender", async () => {
    const [rcpt, agent] = [panes["rcpt"] ?? "", panes["agent"] ?? ""];
    const keys = await callAsAgent(agent, "send_keys", { target: rcpt, keys: ["Escape"] });
    assert.equal(keys.isError, true, JSON.stringify(keys));
    assert.match(textOf(keys), new RegExp(`^keys from inside an agent session \\(${agent}, known by its process ancestry\\) needs the control API, which is off \\(set "control: \\{enabled: true\\}"`));
    const group = await callAsAgent(agent, "group_send", { group: "crew", text: "hello all" });
    assert.match(textOf(group), /^group-send from inside an agent session .* needs the control API, which is off/);
    const sent = await callAsAgent(agent, "send_message", { target: rcpt, text: "from the agent over MCP" });
    assert.equal(sent.isError, undefined, textOf(sent));
    assert.deepEqual(JSON.parse(textOf(sent)).from?.pane, agent);
    assert.match(await transcriptOf(rcpt), new RegExp(`\\(pane ${agent}\\)[^"]*\\\\n\\\\nfrom the agent over MCP`));
    const self = await callAsAgent(agent, "send_message", { target: agent, text: "to myself" });
    assert.match(textOf(self), new RegExp(`\\(${agent}\\) is the session sending the message`));
  });

  it("with control on, an agent still never acts on its own session: send_keys to itself is refused, group_send skips it", async () => {
    const [rcpt, agent] = [panes["rcpt"] ?? "", panes["agent"] ?? ""];
    writeConfig(server.home, { control: { enabled: true } });
    try {
      const self = await callAsAgent(agent, "send_keys", { target: agent, keys: ["Escape"] });
      assert.equal(self.isError, true);
      assert.match(textOf(self), new RegExp(`\\(${agent}\\) is the caller's own session`));
      const group = await callAsAgent(agent, "group_send", { group: "crew", text: "FAKE_SAY=group hello" });
      assert.equal(group.isError, undefined, textOf(group));
      const result = JSON.parse(textOf(group)) as { sent: string[]; skipped: string[] };
      assert.deepEqual(result.sent, [rcpt]);
      assert.deepEqual(result.skipped, [agent]);
      await server.waitForScreen(rcpt, /group hello/);
    } finally {
      writeConfig(server.home, {});
    }
  });
});
