import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { TestServer } from "../helpers/tmux-server.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import type { Registry } from "../../src/session/restore-registry.ts";

// Claude's records (the fake keeps them as the real CLI does): a conversation is resumed only when it was recorded.
const claudeDir = mkdtempSync(join(tmpdir(), "agentmux-restore-claude-"));

describe("restore: sessions of a tmux server that died come back resumed", () => {
  const server = new TestServer({ CLAUDE_CONFIG_DIR: claudeDir });
  const log = join(server.home, "agents.log");
  const gone = join(server.work, "gone");
  const registryPath = join(server.home, "state", "registry.json");
  const registry = (): Registry => {
    try {
      return JSON.parse(readFileSync(registryPath, "utf8")) as Registry;
    } catch {
      return { servers: [] };
    }
  };
  const recordedIds = () => registry().servers.flatMap((s) => s.sessions.map((e) => e.id)).sort();
  const resumedIds = () => readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; args: string[] })
    .filter((e) => e.event === "start" && e.args.includes("--resume")).map((e) => e.args[e.args.indexOf("--resume") + 1] as string);
  const ids: Record<string, string> = {};

  /** A session with one exchange recorded (exchange false: none, so nothing can be resumed). */
  const startSession = async (instance: string, dir: string, exchange = true) => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", dir, "--instance", instance, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    await server.waitFor(`${pane}'s native id`, async () => (ids[instance] = await paneOption(server, pane, "@agentmux-id")) !== "", 30_000);
    if (exchange) {
      await server.cli(["send", pane, `hello ${instance}`]);
      await waitForState(server, pane, "waiting");
    }
    return pane;
  };

  before(async () => {
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
    mkdirSync(gone);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("the daemon records each live session with a known id, and ended sessions leave the registry", async () => {
    await startSession("one", server.work);
    const two = await startSession("two", server.work);
    await server.cli(["send", two, "/model opus-9"]);
    await server.waitFor("two's model in the registry", () => registry().servers.some((s) => s.sessions.some((e) => e.launch?.model === "opus-9")));
    await startSession("far", gone);
    await startSession("blank", server.work, false);
    const brief = await startSession("brief", server.work);
    await server.tmux(["set-option", "-p", "-t", brief, "@agentmux-name", "shortlived"]);
    await server.waitFor("five recorded sessions", () => recordedIds().length === 5);
    await server.cli(["send", brief, "/exit"]);
    await server.waitFor("the ended session left the registry", () => recordedIds().length === 4);
    assert.deepEqual(recordedIds(), [ids["one"], ids["two"], ids["far"], ids["blank"]].sort());
    const only = registry().servers[0];
    assert.match(only?.server ?? "", /^\d+:\d+$/);
    assert.equal(only?.sessions.find((e) => e.id === ids["one"])?.instance, "one");
  });

  it("after kill-server and kill -9 of the daemon, restore lists them; restore --all resumes each with --resume <id>", async () => {
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { pid: number };
    const children = String((await execa("pgrep", ["-P", String(status.pid)], { reject: false })).stdout).split("\n").filter(Boolean).map(Number);
    await server.tmux(["kill-server"]);
    // A crash takes the daemon and its control-mode client with it (a live client would keep the old server waiting).
    for (const pid of [status.pid, ...children]) {
      try { process.kill(pid, "SIGKILL"); } catch { /* already gone with its server */ }
    }
    // kill-server returns before the old server is gone: a new one can start once it is.
    // kill-server returns while the old server still winds down (a client then hears "server exited unexpectedly").
    await server.waitFor("the old tmux server to go", async () => /no server running|error connecting/.test(String((await server.tmux(["list-sessions"])).stderr)));
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: log });
    assert.equal(recordedIds().length, 4, "the death of the server kept the records");
    rmSync(gone, { recursive: true });

    const listed = await server.cli(["restore"]);
    assert.equal(listed.exitCode, 0, String(listed.stderr));
    for (const id of [ids["one"], ids["two"], ids["far"]]) assert.match(String(listed.stdout), new RegExp(`claude ${id}`));
    assert.deepEqual(resumedIds(), [], "a non-TTY restore without --all only lists");

    const r = await server.cli(["restore", "--all"]);
    assert.notEqual(r.exitCode, 0, "one session could not be restored");
    assert.match(String(r.stderr), /1 session could not be restored: .*gone does not exist.*run agentmux restore again/);
    await server.waitFor("both resumed processes", () => resumedIds().length === 2);
    assert.deepEqual(resumedIds().sort(), [ids["one"], ids["two"]].sort());
    const starts = readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; args: string[] }).filter((e) => e.event === "start");
    const twoArgs = starts.find((e) => e.args.includes(ids["two"] as string))?.args ?? [];
    assert.equal(twoArgs[twoArgs.indexOf("--model") + 1], "opus-9", `restored with the model it last ran: ${JSON.stringify(twoArgs)}`);
    const oneArgs = starts.find((e) => e.args.includes(ids["one"] as string))?.args ?? [];
    assert.equal(oneArgs[oneArgs.indexOf("--model") + 1], "fake-1", "one keeps the model its status line reported");
    // The one that never exchanged a message has nothing to resume: started fresh, said so, not lost.
    assert.match(String(r.stdout), /started claude fresh in %\d+ \(.*\): its conversation \S+ was never recorded \(no message was exchanged\), so there was nothing to resume/);
    assert.ok(!resumedIds().includes(ids["blank"] as string), "never resumed with an id the CLI does not know");
    const panes = (String(r.stdout).match(/restored claude \S+ in (%\d+)/g) ?? []).map((l) => /%\d+/.exec(l)?.[0] ?? "");
    assert.equal(panes.length, 2, String(r.stdout));
    for (const pane of panes) {
      await waitForState(server, pane, "idle");
      assert.ok([ids["one"], ids["two"]].includes(await paneOption(server, pane, "@agentmux-id")));
    }
    assert.deepEqual(new Set(await Promise.all(panes.map((p) => paneOption(server, p, "@agentmux-instance")))), new Set(["one", "two"]));
  });

  it("a second run restores nothing new; the failure stays recorded until its cause is fixed", async () => {
    const again = await server.cli(["restore", "--all", "--json"]);
    assert.notEqual(again.exitCode, 0);
    const answer = JSON.parse(String(again.stdout)) as { restored: unknown[]; failed: Array<{ id: string; error: string }> };
    assert.deepEqual(answer.restored, []);
    assert.deepEqual(answer.failed.map((f) => f.id), [ids["far"]]);
    assert.equal(resumedIds().length, 2);
    mkdirSync(gone);
    const fixed = await server.cli(["restore", "--all"]);
    assert.equal(fixed.exitCode, 0, String(fixed.stderr));
    assert.match(String(fixed.stdout), new RegExp(`restored claude ${ids["far"]} in %\\d+`));
    await server.waitFor("the third resumed process", () => resumedIds().includes(ids["far"] as string));
    const last = await server.cli(["restore", "--all"]);
    assert.equal(last.exitCode, 0, String(last.stderr));
    assert.equal(String(last.stdout), "nothing to restore");
  });

  it("a recorded session that runs already is skipped, and leaves the registry", async () => {
    const current = registry().servers[0];
    assert.ok(current, "the new server records its sessions");
    const copy = current.sessions.find((e) => e.id === ids["one"]);
    assert.ok(copy);
    writeFileSync(registryPath, JSON.stringify({ servers: [...registry().servers, { socket: current.socket, server: "999999999:1", sessions: [copy] }] }));
    const resumed = resumedIds().length;
    const r = await server.cli(["restore", "--all"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), new RegExp(`skipped \\(already live\\): claude ${ids["one"]}`));
    assert.equal(resumedIds().length, resumed);
    assert.equal(registry().servers.some((s) => s.server === "999999999:1"), false);
  });
});
