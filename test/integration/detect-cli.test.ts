import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";

const SCREENS = join(ROOT, "test", "fixtures", "real", "screens");
// The built-in manifests' names, as the errors list them (sorted).
const AGENTS = readdirSync(join(ROOT, "manifests")).filter((f) => f.endsWith(".yml")).map((f) => f.slice(0, -4)).sort();
type Json = Record<string, unknown>;

describe("agentmux detect", () => {
  const server = new TestServer({ FAKE_SLOW_MS: "60000" });
  before(() => server.start());
  after(() => server.stop());

  const json = async (args: string[]): Promise<Json> => {
    const r = await server.cli([...args, "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return JSON.parse(String(r.stdout)) as Json;
  };
  const fails = async (args: string[], pattern: RegExp) => {
    const r = await server.cli(args);
    assert.equal(r.exitCode, 1, String(r.stdout));
    assert.match(String(r.stderr), pattern);
  };
  /** A session that shows a captured screen (and sets its title) like the real CLI did. */
  const showScreen = async (screen: string, title: string, instance: string): Promise<string> => {
    const script = join(server.work, "show.sh");
    writeFileSync(script, "printf '\\033]2;%s\\033\\\\' \"$2\"\ncat \"$1\"\nexec sleep 600\n");
    const r = await server.cli(["new", "--command", `sh ${script} ${join(SCREENS, `${screen}.txt`)} '${title}'`, "--dir", server.work, "--instance", instance]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await server.waitFor(`${pane} title`, async () => String((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_title}"])).stdout) === title);
    return pane;
  };

  it("--file --agent --title prints the verdict in one line", async () => {
    const r = await server.cli(["detect", "--file", join(SCREENS, "claude-permission.txt"), "--agent", "claude", "--title", "✳ E2E fake session title"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(String(r.stdout), "claude: blocked: permission (rule permission)");
  });

  it("--json and --explain give the deciding rule's cause and region", async () => {
    const question = await json(["detect", "--file", join(SCREENS, "claude-ask-one.txt"), "--agent", "claude", "--title", "✳ E2E fake session title"]);
    assert.deepEqual([question["state"], question["cause"], question["region"], question["rule"]], ["blocked", "question", "screen", "question"]);
    const title = await json(["detect", "--file", "/dev/null", "--agent", "claude", "--title", "✳ E2E fake session title"]);
    assert.deepEqual([title["state"], title["cause"], title["region"], title["rule"]], ["idle", null, "title", "title-idle"]);
    const unknown = await json(["detect", "--file", "/dev/null", "--agent", "claude"]);
    assert.deepEqual([unknown["state"], unknown["cause"], unknown["region"]], ["unknown", null, null]);
    const r = await server.cli(["detect", "--file", join(SCREENS, "claude-interrupted.txt"), "--agent", "claude", "--title", "✳ E2E fake session title", "--explain"]);
    assert.match(String(r.stdout), /^claude: blocked: interrupted \(rule interrupted\)$/m);
    assert.match(String(r.stdout), /^ {2}fired: interrupted \(blocked, cause interrupted, priority 60, the live status lines \(right above the input box\)\): regex/m);
    assert.match(String(r.stdout), /^ {2}decided by: the screen$/m);
  });

  it("--json prints one object with agent, state and rule", async () => {
    const out = await json(["detect", "--file", join(SCREENS, "codex-working.txt"), "--agent", "codex"]);
    assert.equal(out["agent"], "codex");
    assert.equal(out["state"], "working");
    assert.equal(out["rule"], "status-line");
    assert.equal(out["evidence"], "• Working (1s • esc to interrupt)");
    assert.ok(Array.isArray(out["near"]));
    const unknown = await json(["detect", "--file", join(SCREENS, "codex-after-exit.txt"), "--agent", "codex"]);
    assert.deepEqual([unknown["state"], unknown["rule"]], ["unknown", null]);
  });

  it("--explain prints the rule that fired and the ones that nearly did", async () => {
    const r = await server.cli(["detect", "--file", join(SCREENS, "gemini-permission.ansi.txt"), "--agent", "gemini", "--title", "✋  Action Required (work-gemini)", "--explain"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const out = String(r.stdout);
    assert.match(out, /^gemini: blocked: permission \(rule confirmation\)$/m);
    assert.match(out, /^ {2}fired: confirmation \(blocked, cause permission, priority 100, the dialog that replaced the input box\): all of \(regex/m);
    assert.match(out, /^ {4}matched: "│ Allow execution of \[Shell\]\?/m);
    assert.match(out, /^ {4}title-action-required \(blocked, priority 90\): matched, but confirmation has a higher priority \(100\)$/m);
  });

  it("--file - reads the screen from standard input", async () => {
    const r = await server.cli(["detect", "--file", "-", "--agent", "opencode"], { input: "  ⬝⬝⬝⬝  esc interrupt      ctrl+p commands\n" });
    assert.equal(String(r.stdout), "opencode: working (rule footer-interrupt)");
  });

  it("mistakes are one line with the fix", async () => {
    await fails(["detect"], /^agentmux: nothing to detect: give a TARGET, or --file SCREEN --agent NAME \(e\.g\./);
    await fails(["detect", "--file", join(SCREENS, "claude-idle.txt")], new RegExp(`needs --agent NAME \\(one of: ${AGENTS.join(", ")}\\)`));
    await fails(["detect", "--file", "/nonexistent/screen.txt", "--agent", "claude"], /cannot read the screen file \/nonexistent\/screen\.txt: ENOENT.* \(save a screen with: tmux capture-pane/);
    await fails(["detect", "--file", join(SCREENS, "claude-idle.txt"), "--agent", "cursor"], new RegExp(`no manifest for agent "cursor" \\(known agents: ${AGENTS.join(", ")}; add one as .*config/agents/cursor\\.yml\\)`));
    await fails(["detect", "nosuch"], /no session "nosuch" \(sessions: /);
  });

  it("a user manifest in <configDir>/agents is used; a broken one is warned about and skipped", async () => {
    const agents = join(server.home, "config", "agents");
    mkdirSync(agents, { recursive: true });
    writeFileSync(join(agents, "aider.yml"), "match: {commands: [aider]}\nrules:\n  - {name: prompt, state: idle, priority: 1, region: {bottom: 1}, regex: '^>'}\n");
    writeFileSync(join(agents, "codex.yml"), "rules:\n  - {name: x, state: wait, priority: 1, contains: x}\n");
    const r = await server.cli(["detect", "--file", "-", "--agent", "aider"], { input: "hello\n> \n\n" });
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(String(r.stdout), "aider: idle (rule prompt)");
    assert.match(String(r.stderr), /^agentmux: warning: .*config\/agents\/codex\.yml:2:22: rules\.x\.state: "wait" is not one of working, blocked, idle/m);
    const codex = await json(["detect", "--file", join(SCREENS, "codex-idle.txt"), "--agent", "codex"]);
    assert.deepEqual([codex["state"], codex["rule"]], ["idle", "composer"], "the built-in codex stays in force");
    rmSync(agents, { recursive: true });
  });

  it("a user rule that backtracks catastrophically in JavaScript answers at once: (\\w|\\d)+$ on a line of 40 digits and a !", async () => {
    const agents = join(server.home, "config", "agents");
    mkdirSync(agents, { recursive: true });
    writeFileSync(join(agents, "digits.yml"), "match: {commands: [digits]}\nrules:\n  - {name: digits, state: working, priority: 1, regex: '(\\w|\\d)+$'}\n  - {name: bang, state: idle, priority: 2, regex: '!$'}\n");
    try {
      const r = await server.cli(["detect", "--file", "-", "--agent", "digits", "--explain"], { input: `${"1".repeat(40)}!\n`, guarded: true });
      assert.equal(r.timedOut, false, "agentmux detect hung on the pattern");
      assert.equal(r.exitCode, 0, String(r.stderr));
      assert.match(String(r.stdout), /^digits: idle \(rule bang\)/);
      assert.match(String(r.stdout), /fired: bang \(idle, priority 2, the screen\): regex \/!\$\/\n {4}matched: "1{40}!"\n/);
      assert.match(String(r.stdout), /nearly: none/, "the digits rule matched nothing, and said so without backtracking");
    } finally {
      rmSync(agents, { recursive: true });
    }
  });

  it("TARGET: a session running the fake Claude is judged by the claude manifest (its backend), live", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "live"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /❯/);
    const idle = await json(["detect", "live"]);
    assert.deepEqual([idle["agent"], idle["state"], idle["rule"], idle["pane"]], ["claude", "idle", "prompt", pane]);

    await server.cli(["send", pane, "/slow"]);
    await server.waitForScreen(pane, /Channelling…/);
    const working = await json(["detect", pane]);
    assert.deepEqual([working["state"], working["rule"]], ["working", "spinner"]);
    await server.cli(["keys", pane, "Escape"]);
    await server.waitForScreen(pane, /Interrupted/);
    const interrupted = await json(["detect", "live"]);
    assert.deepEqual([interrupted["state"], interrupted["cause"], interrupted["rule"]], ["blocked", "interrupted", "interrupted"]);

    await server.cli(["send", pane, "/tool"]);
    await server.waitForScreen(pane, /Do you want to proceed\?/);
    const blocked = await server.cli(["detect", "live", "--explain"]);
    assert.match(String(blocked.stdout), /^claude: blocked: permission \(rule permission\)\n {2}pane: %\d+ \(\S+:live\), title /);
    assert.match(String(blocked.stdout), /dialog \(blocked, priority 100\): matched, but permission has a higher priority \(105\)/);
    // A live session: the daemon's decision over every channel follows, the same as agentmux explain.
    await server.waitFor("the daemon to see it blocked", async () => /the daemon's decision \(agentmux explain\):\n {2}\S+:live \(%\d+\): blocked/.test(String((await server.cli(["detect", "live", "--explain"])).stdout)));
    const explained = String((await server.cli(["detect", "live", "--explain"])).stdout);
    assert.match(explained, /screen {2}blocked \(permission\) by rule permission/);
    assert.match(explained, /decision now: hold by rule \S+/);
  });

  it("TARGET: a pane with no known backend is recognised by its title, and judged on its real screen", async () => {
    const pane = await showScreen("claude-permission", "✳ E2E fake session title", "perm");
    await server.waitForScreen(pane, /Do you want to proceed\?/);
    const out = await json(["detect", "perm"]);
    assert.deepEqual([out["agent"], out["state"], out["rule"], out["title"]], ["claude", "blocked", "permission", "✳ E2E fake session title"]);
  });

  it("TARGET: --agent names the manifest where nothing identifies the agent", async () => {
    const pane = await showScreen("opencode-working", "plain", "oc");
    await server.waitForScreen(pane, /esc interrupt/);
    await fails(["detect", pane], new RegExp(`cannot tell which agent runs in \\S+:oc \\(%\\d+\\): backend generic, command sleep \\(name its manifest with --agent ${AGENTS.join("\\|")}\\)`));
    const out = await json(["detect", pane, "--agent", "opencode"]);
    assert.deepEqual([out["state"], out["rule"]], ["working", "footer-interrupt"]);
  });

  it("TARGET: any pane by its id, even one agentmux did not start", async () => {
    const pane = String((await server.tmux(["display-message", "-p", "-t", "base:0", "#{pane_id}"])).stdout);
    const out = await json(["detect", pane, "--agent", "gemini", "--title", "◇  Ready (x)"]);
    assert.deepEqual([out["pane"], out["state"], out["rule"]], [pane, "idle", "title-ready"]);
  });
});
