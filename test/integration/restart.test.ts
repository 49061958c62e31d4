import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { tokenHash } from "../../src/util/token.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { listJson, paneOption, waitForState } from "../helpers/agentmux-session.ts";

// A HOME of its own, so account homes sync against a canonical ~/.claude that is not the user's.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-restart-")));

interface Started { pid: number; args: string[]; env: { AGENTMUX_TOKEN?: string } }

describe("restart: resume the same conversation in the same pane", () => {
  // The default home named as Claude would find it: the fake then keeps its transcripts there too.
  const server = new TestServer({ HOME: userHome, CLAUDE_CONFIG_DIR: join(userHome, ".claude") });
  const log = join(server.home, "agents.log");
  const starts = (): Started[] => {
    try {
      return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Started & { event: string }).filter((e) => e.event === "start");
    } catch {
      return [];
    }
  };
  const startSession = async (instance: string, extra: string[] = [], exchange = true) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", instance, "--detached", ...extra]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    // A conversation to resume: one message exchanged (a session without one restarts fresh).
    if (exchange) {
      await server.cli(["send", pane, `hello ${instance}`]);
      await server.waitForScreen(pane, new RegExp(`received: hello ${instance}`));
      await waitForState(server, pane, "waiting");
    }
    return { pane, id };
  };
  const refused = (r: { exitCode?: number; stderr: unknown }, pattern: RegExp) => {
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), pattern);
    assert.equal(String(r.stderr).trim().split("\n").length, 1, String(r.stderr));
  };

  before(async () => {
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
    claudeAccounts(server, ["a", "b"], {
      backends: { claude: { accounts: { a: { home: "~/.claude-a" }, b: { home: "~/.claude-b" }, out: "~/.claude-out" } } },
      usage: { claude: { url: "http://127.0.0.1:9/none" } },
    }, { home: userHome, loggedOut: ["out"] });
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("kills the process and resumes the same native id in the same pane, with a fresh token", async () => {
    const { pane, id } = await startSession("keep", ["--account", "a"]);
    const oldToken = await paneOption(server, pane, "@agentmux-token-hash");
    const before = starts().length;
    const r = await server.cli(["restart", "keep"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), new RegExp(`restarted .*\\(${pane}\\), resuming ${id} under a`));
    await server.waitFor("the resumed process", () => starts().length > before);
    const started = starts().at(-1) as Started;
    const at = started.args.indexOf("--resume");
    assert.ok(at >= 0, JSON.stringify(started.args));
    assert.equal(started.args[at + 1], id);
    const token = await paneOption(server, pane, "@agentmux-token-hash");
    assert.notEqual(token, oldToken);
    assert.equal(tokenHash(started.env.AGENTMUX_TOKEN ?? ""), token);
    await waitForState(server, pane, "idle");
    // The new process's first hook (its SessionStart, sent before the daemon's next look at tmux:
    // tmux says nothing of a respawn) is its own, not another process's to drop.
    const logged = String((await server.cli(["daemon", "logs", "-n", "200"])).stdout);
    assert.doesNotMatch(logged, /dropped SessionStart for .*wrong token/, logged);
    assert.match(String((await server.cli(["explain", pane])).stdout), /hook +SessionStart/);
    assert.equal(await paneOption(server, pane, "@agentmux-id"), id);
    assert.equal(await paneOption(server, pane, "@agentmux-instance"), "keep");
    assert.equal(await paneOption(server, pane, "@agentmux-dir"), server.work);
    const listed = (await listJson(server)).filter((s) => s["pane"] === pane);
    assert.equal(listed.length, 1);
    assert.notEqual(listed[0]?.["state"], "exited");
    // The new process answers (the old one is gone).
    await server.cli(["send", pane, "hello again"]);
    await server.waitForScreen(pane, /received: hello again/);
  });

  it("--account restarts under another account; a logged-out or unknown account is refused first", async () => {
    const { pane, id } = await startSession("moving", ["--account", "a"]);
    const before = starts().length;
    refused(await server.cli(["restart", "moving", "--account", "out"]), /cannot restart .*moving.*logged out/);
    refused(await server.cli(["restart", "moving", "--account", "nobody"]), /cannot restart .*moving.*nobody/);
    assert.equal(starts().length, before, "nothing was started");
    assert.equal(await paneOption(server, pane, "@agentmux-state"), "waiting", "untouched: still at the end of its turn");
    const r = await server.cli(["restart", "moving", "--account", "b"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitFor("the resumed process", () => starts().length > before);
    assert.equal(await paneOption(server, pane, "@agentmux-account"), "b");
    assert.equal(await paneOption(server, pane, "@agentmux-id"), id);
  });

  it("keeps the launch state: the model and permission mode the session switched to", async () => {
    const { pane, id } = await startSession("state");
    await server.cli(["send", pane, "/model opus-9"]);
    await server.cli(["send", pane, "/mode plan"]);
    await server.cli(["send", pane, "a turn that reports them"]);
    // The mode comes with the hook's payload, the model with the status line: two channels, each in its own time.
    await server.waitFor("the launch state", async () => { const l = await paneOption(server, pane, "@agentmux-launch"); return /"permissionMode":"plan"/.test(l) && /"model":"opus-9"/.test(l); });
    assert.deepEqual(JSON.parse(await paneOption(server, pane, "@agentmux-launch")), { model: "opus-9", permissionMode: "plan" });
    const before = starts().length;
    const r = await server.cli(["restart", "state"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    await server.waitFor("the resumed process", () => starts().length > before);
    const args = (starts().at(-1) as Started).args;
    assert.equal(args[args.indexOf("--resume") + 1], id);
    assert.equal(args[args.indexOf("--model") + 1], "opus-9", JSON.stringify(args));
    assert.equal(args[args.indexOf("--permission-mode") + 1], "plan", JSON.stringify(args));
    // The new process carries it on (a second restart needs no report from it first).
    assert.deepEqual(JSON.parse(await paneOption(server, pane, "@agentmux-launch")), { model: "opus-9", permissionMode: "plan" });
  });

  it("asks at a terminal which account (a picker, its own current); without one it keeps the session's", async () => {
    const { pane } = await startSession("asked", ["--account", "a"]);
    assert.equal((await server.cli(["account", "select", "claude", "b"])).exitCode, 0);
    try {
      const quiet = await server.cli(["restart", "asked"]);
      assert.equal(quiet.exitCode, 0, String(quiet.stderr));
      assert.match(String(quiet.stdout), / under a$/, `no terminal: no question, its own account: ${String(quiet.stdout)}`);
      await waitForState(server, pane, "idle");
      const shell = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).stdout).trim();
      await server.tmux(["send-keys", "-t", shell, `node ${CLI} restart asked; echo "exit=$?"`, "Enter"]);
      const picker = await server.waitForScreen(shell, /Restart \S*asked under which claude account or pool\?/);
      assert.match(picker, /›1 ● a /, "its own account first in line, highlighted");
      assert.match(picker, / 3 {3}out +no reading · logged out/);
      // The logged-out one cannot be chosen; b can.
      await server.tmux(["send-keys", "-t", shell, "3"]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.match(await server.capture(shell), /Restart \S*asked under which/);
      await server.tmux(["send-keys", "-t", shell, "2"]);
      await server.waitForScreen(shell, /resuming .* under b[\s\S]*exit=0/);
      assert.equal(await paneOption(server, pane, "@agentmux-account"), "b");
    } finally {
      await server.cli(["account", "select", "claude", "--clear"]).catch(() => undefined);
    }
  });

  it("a session with nothing to resume (no message exchanged, or no native id) restarts fresh and says so", async () => {
    for (const [instance, unknownId] of [["quiet", false], ["noid", true]] as const) {
      const { pane, id } = await startSession(instance, [], false);
      if (unknownId) await server.tmux(["set-option", "-p", "-t", pane, "@agentmux-id", ""]);
      const before = starts().length;
      const r = await server.cli(["restart", instance]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      assert.match(String(r.stdout), new RegExp(`restarted .*${instance} \\(${pane}\\) fresh: its conversation ${unknownId ? "was never recorded \\(no native session id yet\\)" : `${id} was never recorded \\(no message was exchanged\\)`}, so there was nothing to resume`));
      await server.waitFor("the new process", () => starts().length > before);
      assert.ok(!(starts().at(-1) as Started).args.includes("--resume"), "never --resume of a conversation Claude would not find");
      await waitForState(server, pane, "idle");
      await server.cli(["send", pane, "still here"]);
      await server.waitForScreen(pane, /received: still here/);
    }
  });

  it("case 5: a session that exited cleanly (listed as exited(0), its pane gone) is restarted in a window of its own", async () => {
    const { pane, id } = await startSession("gone");
    await server.cli(["send", pane, "/exit"]);
    await server.waitFor(`${pane} listed as exited`, async () => (await listJson(server)).some((s) => s["pane"] === pane && s["state"] === "exited" && s["exitStatus"] === 0));
    const panes = String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout).split("\n");
    assert.ok(!panes.includes(pane), "the pane is gone");
    const before = starts().length;
    const r = await server.cli(["restart", pane]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const restarted = /\((%\d+)\), resuming/.exec(String(r.stdout))?.[1] ?? "";
    assert.match(String(r.stdout), new RegExp(`restarted gone|restarted .*:gone`));
    await server.waitFor("the resumed process", () => starts().length > before);
    const started = starts().at(-1) as Started;
    assert.equal(started.args[started.args.indexOf("--resume") + 1], id);
    const listed = await listJson(server);
    assert.ok(!listed.some((s) => s["pane"] === pane), `the exited entry is gone: ${JSON.stringify(listed.map((s) => [s["pane"], s["name"], s["state"]]))}`);
    assert.ok(listed.some((s) => s["instance"] === "gone" && s["state"] !== "exited" && s["id"] === id), "the new pane resumes it");
    assert.notEqual(restarted, pane);
    // exit accepts it too, and says there is nothing left to close.
    await server.cli(["send", "gone", "/exit"]);
    await server.waitFor("exited again", async () => (await listJson(server)).some((s) => s["instance"] === "gone" && s["state"] === "exited"));
    const exit = await server.cli(["exit", "gone"]);
    assert.equal(exit.exitCode, 0, String(exit.stderr));
    assert.match(String(exit.stdout), /nothing to close/);
  });

  it("a plain command cannot be restarted", async () => {
    const r = await server.cli(["new", "--command", "sleep 300", "--instance", "plain", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    refused(await server.cli(["restart", "plain"]), /cannot restart .*plain.*cannot resume/);
  });
});
