import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execa } from "execa";
import { join } from "node:path";
import { daemonLogLines } from "../helpers/config.ts";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { globalOption, listJson, paneOption, sessionEnv, waitForState } from "../helpers/agentmux-session.ts";

const HOOK = join(ROOT, "shell", "agentmux-hook");

describe("the daemon with a fake Claude that calls the real hooks", () => {
  const server = new TestServer();
  let pane = "";
  before(async () => {
    await server.start();
    await server.setServerEnv({ FAKE_SLOW_MS: "2500", CLAUDE_CONFIG_DIR: join(server.home, "claude-config") });
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--instance", "main"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("new starts the daemon; the session is idle once the CLI started", async () => {
    const status = await server.cli(["daemon", "status"]);
    assert.equal(status.exitCode, 0, String(status.stderr));
    assert.match(String(status.stdout), /running: pid \d+/);
    await waitForState(server, pane, "idle");
  });

  it("learns the native session id and the status-line fields", async () => {
    await server.waitFor("session id", async () => /^[0-9a-f-]{36}$/.test(await paneOption(server, pane, "@agentmux-id")));
    await server.waitFor("model", async () => (await paneOption(server, pane, "@agentmux-model")) === "Fake 1");
    assert.equal(await paneOption(server, pane, "@agentmux-effort"), "high");
    assert.equal(await paneOption(server, pane, "@agentmux-context"), "12");
    const entry = (await listJson(server)).find((s) => s["pane"] === pane);
    assert.equal(entry?.["id"], await paneOption(server, pane, "@agentmux-id"));
  });

  it("prompt → working → waiting, with the status segment pushed", async () => {
    await server.cli(["send", pane, "/slow"]);
    await waitForState(server, pane, "working");
    await server.waitFor("segment shows working", async () => /◐1/.test(await globalOption(server, "@agentmux-status")));
    await waitForState(server, pane, "waiting");
    await server.waitFor("segment shows waiting", async () => /●1/.test(await globalOption(server, "@agentmux-status")));
    assert.ok(Number(await paneOption(server, pane, "@agentmux-turn-ms")) > 0, "turn duration recorded");
    // With @agentmux-status-keys on, the switcher keys of the sessions that need the user follow.
    await server.tmux(["set-option", "-g", "@agentmux-status-keys", "on"]);
    await server.tmux(["set-option", "-p", "-t", pane, "@agentmux-key", "a"]);
    await server.waitFor("keys in the segment", async () => (await globalOption(server, "@agentmux-status")).endsWith("[a]"));
    // A snoozed session leaves the segment (count and key); woken, it is back.
    const snooze = await server.cli(["snooze", pane]);
    assert.equal(snooze.exitCode, 0, String(snooze.stderr));
    await server.waitFor("snoozed out of the segment", async () => (await globalOption(server, "@agentmux-status")) === "");
    await server.cli(["snooze", "--off", pane]);
    await server.waitFor("woken back into the segment", async () => (await globalOption(server, "@agentmux-status")).endsWith("●1#[default] [a]"));
    await server.tmux(["set-option", "-g", "@agentmux-status-keys", "off"]);
  });

  it("tool call → blocked on the permission dialog → answer → working → waiting", async () => {
    await server.cli(["send", pane, "/tool"]);
    await waitForState(server, pane, "blocked");
    assert.match(await globalOption(server, "@agentmux-status"), /⚠1/);
    // The window is marked for window-status-format; the border line names the session.
    const window = String((await server.tmux(["display-message", "-p", "-t", pane, "#{window_id}"])).stdout);
    await server.waitFor("window marker", async () => String((await server.tmux(["show-option", "-wqv", "-t", window, "@agentmux-window-state"])).stdout) === "blocked");
    assert.equal(await paneOption(server, pane, "@agentmux-border"), "✻ work:main · Fake 1 · high");
    // explain: each channel's latest word and the rule that holds the state.
    const explained = await server.cli(["explain", pane, "--json"]);
    assert.equal(explained.exitCode, 0, String(explained.stderr));
    const answer = JSON.parse(String(explained.stdout)) as { state: string; raisedBy: string; channels: { hook: { event: string } | null }; verdict: { rule: string; event: string | null } };
    assert.equal(answer.state, "blocked");
    assert.ok(["hook", "screen"].includes(answer.raisedBy), answer.raisedBy);
    assert.ok(answer.channels.hook?.event, JSON.stringify(answer));
    assert.equal(answer.verdict.event, null, JSON.stringify(answer.verdict));
    const text = String((await server.cli(["explain", pane])).stdout);
    assert.match(text, /: blocked, since/);
    assert.match(text, /hook {4}\S+/);
    assert.match(text, /decision now: hold by rule \S+/);
    await server.cli(["keys", pane, "1"]);
    await waitForState(server, pane, "waiting");
  });

  it("Escape mid-turn → blocked (the interrupt fires no hook; the screen is checked)", async () => {
    await server.cli(["send", pane, "/slow"]);
    await waitForState(server, pane, "working");
    await server.cli(["keys", pane, "Escape"]);
    await waitForState(server, pane, "blocked", 5000);
  });

  it("a turn that fires no hook is seen through the status line's new prompt_id", async () => {
    await server.cli(["send", pane, "done for now"]);
    await waitForState(server, pane, "waiting");
    await server.cli(["send", pane, "/silent"]);
    await waitForState(server, pane, "working");
  });

  it("a turn no hook reports is followed through Claude's live session file, after the events settle", async () => {
    const began = new Date().toISOString();
    await server.cli(["send", pane, "end the silent turn"]); // a normal turn: ends the silent one for the hooks
    await waitForState(server, pane, "waiting");
    // Typed in the pane (not through agentmux, which would tell the daemon itself).
    await server.tmux(["send-keys", "-t", pane, "-l", "/hookless"]);
    await server.tmux(["send-keys", "-t", pane, "Enter"]);
    await waitForState(server, pane, "working", 12_000);
    await waitForState(server, pane, "waiting", 15_000);
    // This test's lines only (each starts with its ISO time): an earlier test's start-up is not this turn's.
    const logs = String((await server.cli(["daemon", "logs", "-n", "300"])).stdout).split("\n").filter((l) => l.slice(0, 24) >= began).join("\n");
    const said = logs.split("\n").filter((l) => / by turn-(began|ended)-live: .*(session file|agents report) says (busy|idle)/.test(l)).map((l) => l.replace(/^\S+ /, ""));
    // `claude agents --json` (the fake answers from the same live files) ran and listed the session.
    assert.doesNotMatch(logs, /live report for .* failed|live report does not list/);
    const explained = JSON.parse(String((await server.cli(["explain", pane, "--json"])).stdout)) as { channels: { live: { source: string } | null } };
    assert.ok(explained.channels.live, "a live word is there");
    assert.ok(said.length >= 1, "the disagreement is logged");
    assert.equal(new Set(said).size, said.length, `each disagreement is logged once: ${said.join(" | ")}`);
  });

  it("publish: token-checked, at most 160 characters, stale after a prompt", async () => {
    const env = await sessionEnv(server, pane);
    const ok = await server.cli(["publish", "reviewing #12 the parser"], { env });
    assert.equal(ok.exitCode, 0, String(ok.stderr));
    // Stored escaped for the formats users show it in (#12 → ##12).
    assert.equal(await paneOption(server, pane, "@agentmux-status-text"), "reviewing ##12 the parser");
    const wrong = await server.cli(["publish", "hijack"], { env: { ...env, AGENTMUX_TOKEN: "0".repeat(32) } });
    assert.notEqual(wrong.exitCode, 0);
    assert.match(String(wrong.stderr), /token does not match/);
    const long = await server.cli(["publish", "x".repeat(161)], { env });
    assert.notEqual(long.exitCode, 0);
    assert.match(String(long.stderr), /at most 160/);
    assert.equal(await paneOption(server, pane, "@agentmux-status-text"), "reviewing ##12 the parser");
    await server.cli(["send", pane, "next"]);
    await server.waitFor("stale", async () => (await paneOption(server, pane, "@agentmux-status-stale")) === "1");
    assert.equal(await paneOption(server, pane, "@agentmux-status-text"), "reviewing ##12 the parser", "kept, marked stale");
    // Publishing again: the session table marks it current (the options and the machine it keeps).
    assert.equal((await server.cli(["publish", "next: the lexer"], { env })).exitCode, 0);
    await server.waitFor("current again", async () => (await paneOption(server, pane, "@agentmux-status-stale")) === "");
    assert.equal(await paneOption(server, pane, "@agentmux-status-text"), "next: the lexer");
    assert.equal((JSON.parse(await paneOption(server, pane, "@agentmux-machine")) as { statusStale: boolean }).statusStale, false);
  });

  it("a wrong token or a payload for another session changes nothing", async () => {
    await waitForState(server, pane, "waiting");
    const env = await sessionEnv(server, pane);
    const before = await paneOption(server, pane, "@agentmux-machine");
    const refusals = () => daemonLogLines(server.home).filter((l) => l.includes(`dropped Notification for ${pane}: wrong token`)).length;
    const refusedBefore = refusals();
    for (const token of ["bogus", ""]) {
      const r = await execa(HOOK, ["Notification"], { input: '{"notification_type":"permission_prompt"}', env: { ...server.env, ...env, AGENTMUX_TOKEN: token }, extendEnv: false, reject: false });
      assert.equal(r.exitCode, 0);
    }
    // Both events reached the daemon and were refused (not merely not yet read).
    await server.waitFor("both events refused", () => refusals() >= refusedBefore + 2);
    assert.equal(await paneOption(server, pane, "@agentmux-state"), "waiting");
    assert.equal(await paneOption(server, pane, "@agentmux-machine"), before);
  });

  it("agentmux hook declares a state, always exits 0 and prints nothing", async () => {
    const env = await sessionEnv(server, pane);
    const r = await server.cli(["hook", "blocked"], { env });
    assert.equal(r.exitCode, 0);
    assert.equal(String(r.stdout) + String(r.stderr), "");
    await waitForState(server, pane, "blocked");
    for (const args of [["hook"], ["hook", "nonsense"], ["hook", "idle", "--bogus"]]) {
      const bad = await server.cli(args, { env: {} });
      assert.equal(bad.exitCode, 0);
      assert.equal(String(bad.stdout) + String(bad.stderr), "");
    }
  });

  it("events written while the daemon is down are processed in order when it starts", async () => {
    const stop = await server.cli(["daemon", "stop"]);
    assert.match(String(stop.stdout), /stopped/);
    const env = await sessionEnv(server, pane);
    const before = String((await server.cli(["daemon", "logs", "-n", "1000"])).stdout).split("\n").length;
    for (const [event, input] of [["UserPromptSubmit", '{"prompt_id":"p-down"}'], ["PermissionRequest", "{}"], ["PostToolUse", "{}"], ["Stop", "{}"]] as const) {
      await execa(HOOK, [event], { input, env: { ...server.env, ...env }, extendEnv: false });
    }
    const start = await server.cli(["daemon", "start"]);
    assert.match(String(start.stdout), /started/);
    await waitForState(server, pane, "waiting");
    // The transitions the daemon made from the spooled events, in the order they were written.
    const after = String((await server.cli(["daemon", "logs", "-n", "1000"])).stdout).split("\n").slice(before - 1);
    const states = after.map((l) => new RegExp(` ${pane} ([a-z]+)$`).exec(l)?.[1]).filter(Boolean);
    assert.deepEqual(states.slice(0, 4), ["working", "blocked", "working", "waiting"], after.join("\n"));
  });

  it("a session whose process exits non-zero is exited, and its resources are torn down once", async () => {
    await server.cli(["send", pane, "/fail"]);
    await waitForState(server, pane, "exited");
    const logs = String((await server.cli(["daemon", "logs", "-n", "200"])).stdout);
    assert.equal(logs.split("\n").filter((l) => l.includes(`teardown ${pane} `)).length, 1, logs);
    assert.doesNotMatch(logs, /leak:/);
  });

  it("the daemon exits when its tmux server is gone", async () => {
    const status = JSON.parse(String((await server.cli(["daemon", "status", "--json"])).stdout)) as { pid: number };
    await server.tmux(["kill-server"]);
    await server.waitFor("daemon exit", () => { try { process.kill(status.pid, 0); return false; } catch { return true; } }, 15_000);
    await server.start();
  });
});
