import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync, lstatSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CLI, FIXTURE_BIN, ROOT, TestServer } from "../helpers/tmux-server.ts";
import { addGlobalSettings } from "../../src/backends/claude/global.ts";

// A HOME of its own, in the state a first run meets: a tmux.conf without the plugin line,
// agentmux's hooks in Claude's user settings as well (each event would come twice), no skills linked.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-setup-")));
const mine = { model: "opus" };
// The fake CLIs and node, not npm's node_modules/.bin (where the e2e tests' real CLIs are): Qwen Code is missing.
const PATH = [FIXTURE_BIN, dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":");

describe("agentmux setup at a real terminal", () => {
  const server = new TestServer({ HOME: userHome });
  let shell = "";
  before(async () => {
    await server.start();
    await server.setServerEnv({ CLAUDE_CONFIG_DIR: undefined, EDITOR: undefined, VISUAL: undefined, PATH });
    writeFileSync(join(userHome, ".tmux.conf"), "set -g mouse on\n");
    mkdirSync(join(userHome, ".claude"), { recursive: true });
    writeFileSync(join(userHome, ".claude", "settings.json"), JSON.stringify(addGlobalSettings(mine, { hook: join(ROOT, "shell", "agentmux-hook"), statusLine: join(ROOT, "shell", "agentmux-statusline") }).settings));
    shell = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("goes through each step, asks before each change, does what was agreed and nothing else", async () => {
    await server.tmux(["send-keys", "-t", shell, `PATH='${PATH}' node ${CLI} setup; echo "exit=$?"`, "Enter"]);
    // What it finds before the first question: tmux, the CLIs (the fakes on PATH; Qwen Code is not), $EDITOR.
    let screen = await server.waitForScreen(shell, /Add "run-shell .*agentmux\.tmux.*" to the end of .*\.tmux\.conf\?/);
    assert.match(screen, /^ok {2}tmux: tmux \d/m);
    assert.match(screen, /^ok {2}Claude Code: claude at .*fixtures\/bin\/claude/m);
    assert.match(screen, /^-- {2}Qwen Code: "qwen" is not on PATH \(install Qwen Code: npm install -g @qwen-code\/qwen-code\)/m);
    assert.match(screen, /^-- {2}editor: neither \$VISUAL nor \$EDITOR is set/m);
    await server.tmux(["send-keys", "-t", shell, "y", "Enter"]);
    screen = await server.waitForScreen(shell, /Remove agentmux's entries from .*settings\.json/);
    assert.match(screen, /added the plugin line to .*\.tmux\.conf \(backup: /);
    assert.match(screen, /^ok {2}claude session settings: .*claude-settings-[0-9a-f]+\.json/m);
    await server.tmux(["send-keys", "-t", shell, "y", "Enter"]);
    screen = await server.waitForScreen(shell, /Claude Code: link .* into .*\.claude\/skills\?/);
    await server.tmux(["send-keys", "-t", shell, "n", "Enter"]);
    // agentmux's MCP server: Claude Code's own command, Codex's config (each offered, then done).
    screen = await server.waitForScreen(shell, /Run claude mcp add --scope user agentmux -- agentmux mcp \(undo: claude mcp remove --scope user agentmux\)\?/);
    await server.tmux(["send-keys", "-t", shell, "y", "Enter"]);
    screen = await server.waitForScreen(shell, /Register agentmux's MCP server in Codex's config/);
    assert.match(screen, /registered with Claude Code \(claude mcp remove --scope user agentmux removes it\)/);
    await server.tmux(["send-keys", "-t", shell, "y", "Enter"]);
    screen = await server.waitForScreen(shell, /exit=0/);
    assert.match(screen, /config\.toml: \[mcp_servers\.agentmux\] runs agentmux mcp/);
    assert.deepEqual(JSON.parse(readFileSync(join(userHome, ".fake-claude-mcp.json"), "utf8")), { agentmux: ["agentmux", "mcp"] });
    assert.match(screen, /left as it is/);
    assert.match(screen, /Run agentmux setup again after fixing what is marked --/);
    // What was agreed, done: the plugin line after the user's own, backed up; agentmux's hooks out of Claude's settings, the user's kept.
    const conf = readFileSync(join(userHome, ".tmux.conf"), "utf8");
    assert.match(conf, /^set -g mouse on\n# agentmux: keys, status segment and daemon\nrun-shell ".*tmux\/agentmux\.tmux'"\n$/);
    assert.deepEqual(JSON.parse(readFileSync(join(userHome, ".claude", "settings.json"), "utf8")), mine);
    assert.equal(readdirSync(userHome).filter((n) => n.startsWith(".tmux.conf.agentmux-backup")).length, 1);
    // What was declined, not done.
    assert.throws(() => lstatSync(join(userHome, ".claude", "skills", "handoff")));
    // The line it wrote loads the plugin: tmux reads the file, the plugin binds its keys.
    await server.tmux(["source-file", join(userHome, ".tmux.conf")]);
    await server.waitFor("the plugin's keys", async () => String((await server.tmux(["list-keys", "-N", "-T", "prefix"])).stdout).includes("agentmux: menu"));
  });

  it("run again, it finds all of that in place and asks only what was declined; without a terminal it asks nothing", async () => {
    const r = await server.cli(["setup"], { env: { PATH } });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const out = String(r.stdout);
    assert.match(out, /^ok {2}plugin line: .*\.tmux\.conf loads agentmux/m);
    assert.match(out, /^ok {2}claude global hooks: .* holds none of agentmux's hooks/m);
    assert.match(out, /^ {4}offered at a terminal: Claude Code: link /m);
    assert.match(out, /^ok {2}MCP server for Claude Code: agentmux mcp is registered/m);
    assert.match(out, /^ok {2}MCP server for Codex: agentmux mcp is registered/m);
    assert.throws(() => lstatSync(join(userHome, ".claude", "skills", "handoff")));
  });
});
