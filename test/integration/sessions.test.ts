import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { daemonLogLines } from "../helpers/config.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { TestServer } from "../helpers/tmux-server.ts";

describe("sessions as panes on a private tmux server", () => {
  const server = new TestServer();
  before(() => {
    // An account to start under (an account that is not declared is an error).
    claudeAccounts(server, ["work"], { backends: { claude: { accounts: { work: "~/.claude-work" } } } });
    return server.start();
  });
  after(() => server.stop());

  const listJson = async () => {
    const r = await server.cli(["list", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return JSON.parse(String(r.stdout)) as Array<Record<string, unknown>>;
  };

  it("the pane shows the agent's own name as its command", async () => {
    const pane = String((await server.cli(["new", "--command", "sleep 600", "--dir", server.work, "--instance", "sleeper"])).stdout).trim();
    await server.waitFor("pane_current_command sleep", async () => String((await server.tmux(["display-message", "-p", "-t", pane, "#{pane_current_command}"])).stdout) === "sleep");
  });

  it("new starts a session with its identity in pane options and its environment", async () => {
    const log = join(server.home, "agent.log");
    const project = join(server.work, "proj-a");
    mkdirSync(project, { recursive: true });
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
    const r = await server.cli(["new", "--backend", "claude", "--dir", project, "--instance", "one", "--account", "work", "--prompt", "hello there"]);
    await server.setServerEnv({ FAKE_AGENT_LOG: undefined });
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    assert.match(pane, /^%\d+$/);
    await server.waitForScreen(pane, /received: hello there/);
    const start = JSON.parse(readFileSync(log, "utf8").split("\n")[0] ?? "{}");
    assert.equal(start.args[0], "hello there", "the prompt is a positional argument at launch");
    assert.equal(start.args[1], "--settings", "every Claude session gets agentmux's settings file");
    assert.match(start.args[2], /claude-settings-[0-9a-f]{16}\.json$/);
    assert.equal(start.env.AGENTMUX_SESSION, pane);
    assert.match(start.env.AGENTMUX_TOKEN, /^[0-9a-f]{32}$/);
    assert.match(start.env.AGENTMUX_SOCK, /daemon\.sock$/);
    const opt = async (name: string) => String((await server.tmux(["show-option", "-pqv", "-t", pane, name])).stdout);
    assert.equal(await opt("@agentmux-backend"), "claude");
    // The switcher shows the backend's icon from the pane, without loading any backend.
    assert.equal(await opt("@agentmux-icon"), "✻");
    assert.equal(await opt("@agentmux-account"), "work");
    assert.equal(await opt("@agentmux-dir"), project);
    assert.equal(await opt("@agentmux-instance"), "one");
    assert.equal(await opt("@agentmux-token"), "", "the token itself is only in the process's environment");
    assert.equal(await opt("@agentmux-token-hash"), createHash("sha256").update(start.env.AGENTMUX_TOKEN).digest("hex").slice(0, 32));

    const list = await listJson();
    const entry = list.find((s) => s["pane"] === pane);
    assert.ok(entry, "listed");
    assert.equal(entry["backend"], "claude");
    assert.equal(entry["account"], "work");
    assert.equal(entry["dir"], project);
    assert.equal(entry["instance"], "one");
    assert.equal(entry["name"], "proj-a:one");
    assert.equal(entry["id"], (await opt("@agentmux-id")) || null, "the native id, once the daemon learned it");
    assert.equal(entry["state"], (await opt("@agentmux-state")) || null, "null until the daemon observed a state");
  });

  it("send submits text, read shows it, --no-enter leaves it in the prompt", async () => {
    const r = await server.cli(["new", "--backend", "codex", "--dir", server.work]);
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /❯/);
    const sent = await server.cli(["send", pane, "first line of work"]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    await server.waitForScreen(pane, /received: first line of work/);
    const read = await server.cli(["read", pane]);
    assert.match(String(read.stdout), /received: first line of work/);
    assert.doesNotMatch(String(read.stdout), /\x1b/);

    await server.cli(["send", "--no-enter", pane, "draft"]);
    const screen = await server.waitForScreen(pane, /❯\s?draft/);
    assert.doesNotMatch(screen, /received: draft/);
    await server.cli(["keys", pane, "BSpace", "BSpace", "BSpace", "BSpace", "BSpace"]);

    const multi = await server.cli(["send", pane, "-"], { input: "line one\nline two\n" });
    assert.equal(multi.exitCode, 0, String(multi.stderr));
    await server.waitForScreen(pane, /received: line one⏎line two/);
  });

  it("send to a plain command (no hooks, so no submit hook) tells the daemon: working, made by the input channel", async () => {
    const r = await server.cli(["new", "--command", "cat", "--dir", server.work, "--instance", "plain-typed"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    type Explained = { state: string; raisedBy: string | null; decided: { rule: string } | null; hooks: boolean };
    const explain = async (): Promise<Explained> => {
      const e = await server.cli(["explain", pane, "--json"]);
      assert.equal(e.exitCode, 0, String(e.stderr));
      return JSON.parse(String(e.stdout)) as Explained;
    };
    const first = await explain();
    assert.equal(first.hooks, false);
    assert.notEqual(first.state, "working", "nothing on a plain command's screen says working");
    await server.cli(["send", pane, "hello from agentmux"]);
    await server.waitForScreen(pane, /hello from agentmux\n.*hello from agentmux/);
    await server.waitFor(`${pane} working`, async () => (await explain()).state === "working");
    const made = await explain();
    assert.equal(made.raisedBy, "input");
    assert.equal(made.decided?.rule, "input-submit");
    assert.ok(daemonLogLines(server.home).some((l) => l.endsWith(` ${pane} working`)), "the daemon logged the change");
  });

  it("send presses Enter again when the first Return was dropped", async () => {
    const log = join(server.home, "drop.log");
    await server.setServerEnv({ FAKE_DROP_FIRST_ENTER: "1", FAKE_AGENT_LOG: log });
    const r = await server.cli(["new", "--backend", "gemini", "--dir", server.work, "--instance", "drop"]);
    await server.setServerEnv({ FAKE_DROP_FIRST_ENTER: undefined, FAKE_AGENT_LOG: undefined });
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /❯/);
    const sent = await server.cli(["send", "--json", "drop", "are you there"]);
    assert.equal(sent.exitCode, 0, String(sent.stderr));
    assert.equal(JSON.parse(String(sent.stdout)).enters, 2);
    await server.waitForScreen(pane, /received: are you there/);
    assert.match(readFileSync(log, "utf8"), /dropped-enter/);
  });

  it("--no-submit types the prompt once the CLI is ready, without Enter", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "typed", "--prompt", "pending words", "--no-submit"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    const screen = await server.waitForScreen(pane, /❯\s?pending words/);
    assert.doesNotMatch(screen, /received: pending words/);
    assert.doesNotMatch(screen, /args: \[[^\]]*pending/);
  });

  it("read --tail returns the last lines of scrollback", async () => {
    const r = await server.cli(["new", "--command", "seq 1 300; sleep 30", "--dir", server.work, "--instance", "seq"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await server.waitForScreen(pane, /^300$/m);
    const read = await server.cli(["read", "seq", "--tail", "5", "--json"]);
    assert.equal(JSON.parse(String(read.stdout)).text, "296\n297\n298\n299\n300");
    const far = await server.cli(["read", "seq", "--tail", "120"]);
    assert.equal(String(far.stdout).trim().split("\n")[0], "181");
  });

  it("kill right after a session's options were set (before the daemon looked again) still lists it as exited", async () => {
    assert.equal((await server.cli(["daemon", "start"])).exitCode, 0);
    const pane = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sleep 600"])).stdout).trim();
    // Let the daemon see the window while it is not a session yet; the options below fire no notification.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [name, value] of [["@agentmux-backend", "generic"], ["@agentmux-dir", server.work], ["@agentmux-instance", "late"], ["@agentmux-started", String(Date.now())]]) {
      await server.tmux(["set-option", "-p", "-t", pane, name as string, value as string]);
    }
    const killed = await server.cli(["kill", pane]);
    assert.equal(killed.exitCode, 0, String(killed.stderr));
    assert.equal((await listJson()).find((s) => s["pane"] === pane)?.["state"], "exited");
  });

  it("rename and kill act on a named target; display names disambiguate shared directories", async () => {
    const a = String((await server.cli(["new", "--backend", "opencode", "--dir", join(server.work, "..", "work")])).stdout).trim();
    const list = await listJson();
    const names = list.filter((s) => s["dir"] === server.work).map((s) => s["name"]);
    assert.ok(names.every((n) => typeof n === "string" && n.startsWith("work")), `names: ${names}`);
    assert.equal(new Set(names).size, names.length, "names are unique");
    const renamed = await server.cli(["rename", a, "reviewer"]);
    assert.equal(renamed.exitCode, 0, String(renamed.stderr));
    assert.ok((await listJson()).some((s) => s["pane"] === a && s["name"] === "reviewer"));
    const killed = await server.cli(["kill", "reviewer"]);
    assert.equal(killed.exitCode, 0, String(killed.stderr));
    assert.equal(String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n").includes(a), false, "the pane is closed");
    const entry = (await listJson()).find((s) => s["pane"] === a);
    assert.equal(entry?.["state"], "exited", "kill leaves the session listed as exited");
    assert.equal(entry?.["name"], "reviewer");
  });

  it("a process that exits non-zero keeps its pane, listed as exited with its status", async () => {
    const pane = String((await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "failing"])).stdout).trim();
    await server.waitForScreen(pane, /❯/);
    await server.cli(["send", pane, "/fail"]);
    // tmux marks the pane dead at EOF and learns the status a moment later.
    await server.waitFor("exited with status 3", async () => (await listJson()).some((s) => s["pane"] === pane && s["state"] === "exited" && s["exitStatus"] === 3));
    const screen = await server.capture(pane);
    assert.match(screen, /fatal: asked to fail/);
    assert.match(screen, /\[agentmux\] .* exited with status 3; press Enter to close this pane/);
  });

  it("bad input is a one-line error with a fix, a non-zero exit and no window left behind", async () => {
    const windows = async () => String((await server.tmux(["list-windows", "-a"])).stdout).split("\n").length;
    const before = await windows();
    const cases: Array<[string[], RegExp, Record<string, string>?]> = [
      [["new", "--backend", "nope"], /unknown backend "nope".*use one of: claude, codex/],
      [["new", "--backend", "claude", "--dir", "/does/not/exist"], /directory \/does\/not\/exist does not exist/],
      [["new", "--backend", "claude"], /Claude Code is not installed.*npm install -g @anthropic-ai\/claude-code/, { PATH: "/usr/bin:/bin" }],
      [["new", "--command", "no-such-program-xyz --flag"], /command "no-such-program-xyz" is not installed/],
      [["send", "nobody", "hi"], /no session "nobody".*sessions: /],
      [["read", "%9999"], /no session "%9999"/],
      [["read", "proj-a:one", "--tail", "0"], /--tail 0 is not a positive whole number/],
    ];
    for (const [args, pattern, env] of cases) {
      const r = await server.cli(args, env ? { env } : {});
      assert.notEqual(r.exitCode, 0, `${args.join(" ")} should fail`);
      assert.match(String(r.stderr), pattern);
      assert.equal(String(r.stderr).trim().split("\n").length, 1, `one line: ${r.stderr}`);
    }
    assert.equal(await windows(), before);
  });

  it("an ambiguous target lists the candidates", async () => {
    const dir = join(server.home, "dup");
    mkdirSync(dir, { recursive: true });
    await server.cli(["new", "--backend", "claude", "--dir", dir, "--instance", "x"]);
    const dir2 = join(server.home, "dup2");
    mkdirSync(dir2, { recursive: true });
    await server.cli(["new", "--backend", "claude", "--dir", dir2, "--instance", "x"]);
    const r = await server.cli(["read", "x"]);
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), /ambiguous: dup:x \(%\d+\), dup2:x \(%\d+\)/);
  });

  it("a malformed config file is reported with file:line:col and the fix", async () => {
    mkdirSync(join(server.home, "config"), { recursive: true });
    const file = join(server.home, "config", "config.yml");
    writeFileSync(file, "defaultBackend: claude\nbackends:\n  claude:\n    progam: claude\n");
    const r = await server.cli(["new", "--backend", "claude"]);
    writeFileSync(file, "");
    assert.equal(r.exitCode, 2);
    assert.match(String(r.stderr), new RegExp(`${file}:4:5: backends.claude.progam: unknown key "progam" \\(did you mean program\\?\\)`));
  });
});

describe("without a tmux server", () => {
  it("says to start tmux", async () => {
    const server = new TestServer();
    const r = await server.cli(["new", "--backend", "claude"]);
    await server.stop();
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /no tmux server is running.*start tmux first/);
  });
});
