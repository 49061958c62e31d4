import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { LONG } from "./harness.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";

// Theme sync with the real Codex: the theme agentmux writes before the launch is the one the CLI
// runs with (its own /theme picker marks it current).

const codex = findCodex();

describe("theme sync with the real Codex against a fake OpenAI API", () => {
  let fake: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let root = "";
  let project = "";

  before(async () => {
    if (codex.bin === null) return;
    fake = await startFakeOpenAI({ port: 0 });
    root = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-e2e-theme-")));
    const home = join(root, "home");
    const codexHome = join(home, ".codex");
    project = join(root, "theme é #1");
    mkdirSync(project, { recursive: true });
    seedCodexHome(codexHome, { projects: [project], providerUrl: fake.url });
    const env = Object.fromEntries(Object.entries(codexEnv(codexHome)).filter((e): e is [string, string] => e[1] !== undefined));
    server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, ...env, HOME: home });
    await server.start();
    await server.setServerEnv({ ...codexEnv(codexHome), HOME: home });
    writeConfig(server.home, { theme: { sync: true } });
  });
  after(async () => {
    try { await server?.stop(); } finally {
      await fake?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    }
  });

  it("theme light: a new Codex session runs with the light theme agentmux wrote", async (t: TestContext) => {
    if (codex.bin === null || !server) { t.skip(`Codex is not available: ${codex.bin === null ? codex.reason : ""}`); return; }
    const s = server;
    const set = await s.cli(["theme", "light"]);
    assert.equal(set.exitCode, 0, String(set.stderr));
    assert.match(String(set.stdout), /config\.toml: \[tui\] theme catppuccin-latte/);
    const made = await s.cli(["new", "--backend", "codex", "--dir", project, "--detached"]);
    assert.equal(made.exitCode, 0, String(made.stderr));
    const pane = String(made.stdout).trim();
    await s.waitForScreen(pane, /Ask Codex to do anything|^› /m, LONG);
    await s.tmux(["send-keys", "-t", pane, "-l", "/theme"]);
    await new Promise((r) => setTimeout(r, 500));
    await s.tmux(["send-keys", "-t", pane, "Enter"]);
    await s.waitForScreen(pane, /catppuccin-latte \(current\)/, LONG);
    await s.tmux(["send-keys", "-t", pane, "Escape"]);
  });
});
