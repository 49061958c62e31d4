import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { TestServer } from "../helpers/tmux-server.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";

/** The JSON blocks of `init --agents`, in order: Claude settings, Codex hooks.json, Gemini settings. */
function jsonBlocks(text: string): Array<Record<string, unknown>> {
  const blocks: Array<Record<string, unknown>> = [];
  for (const match of text.matchAll(/^\{\n[\s\S]*?^\}$/gm)) blocks.push(JSON.parse(match[0]) as Record<string, unknown>);
  return blocks;
}

describe("init --agents, and a pane agentmux did not start adopted through those hooks", () => {
  const server = new TestServer();
  before(() => server.start());
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("prints valid configuration for Claude Code, Codex, Gemini CLI and opencode, naming scripts that exist", async () => {
    const r = await server.cli(["init", "--agents"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const text = String(r.stdout);
    const [claude, codex, gemini] = jsonBlocks(text);
    assert.ok(claude?.["hooks"] && claude["statusLine"], "Claude: hooks and statusLine");
    assert.match(JSON.stringify(claude), /agentmux-hook' --global Stop/);
    assert.match(JSON.stringify(codex), /agentmux-hook' --agent codex PermissionRequest/);
    assert.match(JSON.stringify(gemini), /agentmux-hook' --global --agent gemini AfterAgent/);
    assert.match(text, /notify = \[".*agentmux-codex-notify"\]/);
    assert.match(text, /cp '.*etc\/opencode\/agentmux\.js' ~\/\.config\/opencode\/plugin\/agentmux\.js/);
    for (const path of text.matchAll(/'(\/[^']+)'/g)) assert.ok(existsSync(path[1] ?? ""), `${path[1]} exists`);
  });

  it("init --mcp --project DIR registers agentmux's MCP server for that project only (Claude Code's .mcp.json), --undo takes it out", async () => {
    const project = join(server.work, "web 'app' #2");
    mkdirSync(project, { recursive: true });
    const added = await server.cli(["init", "--mcp", "--project", project]);
    assert.equal(added.exitCode, 0, String(added.stderr));
    assert.match(String(added.stdout), /\.mcp\.json: agentmux runs agentmux mcp for this project/);
    assert.match(String(added.stdout), /Codex: no per-project MCP configuration; agentmux init --mcp registers it for the user/);
    assert.deepEqual(JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")), { mcpServers: { agentmux: { type: "stdio", command: "agentmux", args: ["mcp"] } } });
    assert.match(String((await server.cli(["init", "--mcp", "--project", project])).stdout), /was registered already/);
    const removed = await server.cli(["init", "--mcp", "--project", project, "--undo"]);
    assert.match(String(removed.stdout), /\.mcp\.json: agentmux removed/);
    assert.deepEqual(JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")), { mcpServers: {} });
    const lone = await server.cli(["init", "--project", project]);
    assert.equal(lone.exitCode, 2);
    assert.match(String(lone.stderr), /--project goes with --mcp/);
    const missing = await server.cli(["init", "--mcp", "--project", join(server.work, "nowhere")]);
    assert.equal(missing.exitCode, 2);
    assert.match(String(missing.stderr), /no such directory/);
  });

  it("a Gemini CLI started in a plain tmux pane becomes a session when its hook fires", async () => {
    await server.cli(["daemon", "start"]);
    const pane = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sleep 120"])).stdout).trim();
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { socket: string };
    const gemini = jsonBlocks(String((await server.cli(["init", "--agents"])).stdout))[2] as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
    const command = gemini.hooks["BeforeAgent"]?.[0]?.hooks[0]?.command ?? "";
    // What Gemini would run in that pane: the printed command, TMUX_PANE set by tmux, AGENTMUX_SOCK from tmux's global environment.
    await execa("sh", ["-c", command], { input: JSON.stringify({ session_id: "g-1", cwd: server.work }), env: { ...server.env, TMUX_PANE: pane, AGENTMUX_SOCK: status.socket }, extendEnv: false });
    await waitForState(server, pane, "working");
    assert.equal(await paneOption(server, pane, "@agentmux-backend"), "gemini");
    assert.equal(await paneOption(server, pane, "@agentmux-dir"), server.work);
    assert.equal(String((await server.tmux(["show-environment", "-g", "AGENTMUX_SOCK"])).stdout), `AGENTMUX_SOCK=${status.socket}`);
  });
});
