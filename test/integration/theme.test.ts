import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";

// Theme sync (issue 29, part 3) on a real tmux server: `agentmux theme` sets @agentmux-theme and,
// with theme.sync on, writes each CLI's own theme setting; a new session's CLI finds its theme
// written before it starts.

const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-theme-")));
const claudeDir = join(userHome, ".claude");
const codexDir = join(userHome, ".codex");
const GEMINI_USER = `${JSON.stringify({ ui: { theme: "GitHub Light" }, general: { vimMode: true } }, null, 2)}\n`;

describe("agentmux theme on a real tmux server", () => {
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: claudeDir, CODEX_HOME: codexDir });
  const claudeTheme = () => (JSON.parse(readFileSync(join(claudeDir, ".claude.json"), "utf8")) as { theme?: string }).theme;
  const codexConfig = () => readFileSync(join(codexDir, "config.toml"), "utf8");
  const cli = async (args: string[], env: Record<string, string> = {}) => {
    const r = await server.cli(args, { env });
    assert.equal(r.exitCode, 0, `agentmux ${args.join(" ")}: ${String(r.stderr)}${String(r.stdout)}`);
    return { out: String(r.stdout), err: String(r.stderr) };
  };

  before(async () => {
    mkdirSync(claudeDir, { recursive: true });
    mkdirSync(codexDir, { recursive: true });
    writeFileSync(join(claudeDir, ".claude.json"), `${JSON.stringify({ theme: "dark-daltonized", hasCompletedOnboarding: true }, null, 2)}\n`);
    writeFileSync(join(codexDir, "config.toml"), '# mine\n[tui]\nanimations = false\n');
    // The user's Gemini directory (TestServer points GEMINI_CLI_HOME at one of the test's own).
    mkdirSync(join(server.home, "gemini-user", ".gemini"), { recursive: true });
    writeFileSync(join(server.home, "gemini-user", ".gemini", "settings.json"), GEMINI_USER);
    await server.start();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("with theme.sync off, theme sets the tmux option only and says so", async () => {
    const { out } = await cli(["theme", "light"]);
    assert.match(out, /theme: light\ntheme\.sync is off/);
    assert.equal(String((await server.tmux(["show-options", "-gqv", "@agentmux-theme"])).stdout).trim(), "light");
    assert.equal(claudeTheme(), "dark-daltonized");
    assert.doesNotMatch(codexConfig(), /theme/);
  });

  it("with theme.sync on, theme light writes Claude's and Codex's own settings at once (their other settings kept)", async () => {
    writeConfig(server.home, { theme: { sync: true } });
    const json = JSON.parse((await cli(["theme", "light", "--json"])).out) as { set: string; mode: string; written: string[] };
    assert.deepEqual([json.set, json.mode], ["light", "light"]);
    assert.equal(json.written.length, 2, json.written.join("\n"));
    assert.equal(claudeTheme(), "light-daltonized");
    assert.equal(codexConfig(), '# mine\n[tui]\ntheme = "catppuccin-latte"\nanimations = false\n');
  });

  it("a new session's CLI finds the theme written before it starts; auto follows the terminal's background ($COLORFGBG)", async () => {
    await server.tmux(["set-option", "-g", "@agentmux-theme", "dark"]);
    await cli(["new", "--backend", "claude", "--detached", "--dir", server.work]);
    assert.equal(claudeTheme(), "dark-daltonized");
    await cli(["new", "--backend", "codex", "--detached", "--dir", server.work]);
    assert.match(codexConfig(), /^theme = "catppuccin-mocha"$/m);
    // Gemini and Qwen run in settings homes of agentmux's, written from the user's own at each
    // launch: the theme goes there; the user's own settings are never written.
    await cli(["new", "--backend", "gemini", "--detached", "--dir", server.work]);
    const geminiHomes = join(server.home, "state", "gemini-home");
    const [geminiHome = ""] = readdirSync(geminiHomes);
    const gemini = JSON.parse(readFileSync(join(geminiHomes, geminiHome, ".gemini", "settings.json"), "utf8")) as { ui?: { theme?: string; autoThemeSwitching?: boolean }; hooks?: unknown };
    assert.deepEqual(gemini.ui, { theme: "GitHub", autoThemeSwitching: false }, "the user's GitHub Light turned dark");
    assert.ok(gemini.hooks, "agentmux's hooks still there");
    assert.equal(readFileSync(join(server.home, "gemini-user", ".gemini", "settings.json"), "utf8"), GEMINI_USER);
    await cli(["new", "--backend", "qwen", "--detached", "--dir", server.work]);
    const qwenHomes = join(server.home, "state", "qwen-home");
    const [qwenHome = ""] = readdirSync(qwenHomes);
    assert.equal((JSON.parse(readFileSync(join(qwenHomes, qwenHome, "settings.json"), "utf8")) as { ui?: { theme?: string } }).ui?.theme, "Qwen Dark");
    // auto: the terminal's background as the server's environment has it.
    await server.tmux(["set-environment", "-g", "COLORFGBG", "0;15"]);
    const { out } = await cli(["theme", "auto"]);
    assert.match(out, /theme: auto \(light, from the terminal's background\)/);
    assert.equal(claudeTheme(), "light-daltonized");
    assert.match(codexConfig(), /^theme = "catppuccin-latte"$/m);
    await server.tmux(["set-environment", "-g", "-u", "COLORFGBG"]);
    const unknown = await cli(["theme", "auto"], { COLORFGBG: "" });
    assert.match(unknown.out, /each CLI follows its own auto/);
    assert.equal(claudeTheme(), "auto", "Claude has an auto of its own");
    assert.match(codexConfig(), /^theme = "catppuccin-latte"$/m, "Codex has none: left as it was");
  });

  it("a mode that is not one is a usage error naming the fix", async () => {
    const r = await server.cli(["theme", "sepia"]);
    assert.equal(r.exitCode, 2);
    assert.match(String(r.stderr), /"sepia" is not a theme mode \(use light, dark, auto\)/);
  });
});
