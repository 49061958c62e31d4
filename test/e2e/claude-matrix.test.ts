import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { agentPid, burnPaneIds, cli, expectSeen, keepLog, mark, paneState, restartExited, since, startSession } from "./matrix.ts";

// Issue #12's situation matrix for Claude Code: each situation asserts every state agentmux
// reported (from the daemon log) and every notification (no attached client: each blocked or
// waiting notifies). The waits the fake takes are shortened; the quiet windows catch flaps.

const PROMPT = /^❯\u00a0/m;
const SUB_MS = 25_000;
const claude = findClaude();
// Watches after a dialog shows (longer than the flaps of issue #12) and after a turn (the screen's settle time).
const DIALOG_QUIET = 8000;
const TURN_QUIET = 4000;
const FINISHED = /^finished/;

describe("situation matrix: the real Claude Code against the fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let untrusted = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (claude.bin !== null) return server;
    t.skip(`Claude Code is not available: ${claude.reason}`);
    return undefined;
  };

  before(async () => {
    if (claude.bin === null) return;
    // AGENTMUX_MATRIX_LOGS=DIR keeps the daemon's log and its event journal there.
    const logs = process.env["AGENTMUX_MATRIX_LOGS"];
    fake = await startFakeAnthropic({ port: 0, slowMs: 40_000, timing: { subMs: SUB_MS, longMs: 15_000, silentMs: 20_000 } });
    server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    if (logs) server.env["AGENTMUX_EVENT_LOG"] = join(logs, "claude-events.jsonl");
    project = join(server.home, "project");
    untrusted = join(server.home, "untrusted");
    mkdirSync(project, { recursive: true });
    mkdirSync(untrusted, { recursive: true });
    const configDir = join(server.home, "claude-config");
    seedClaudeHome(configDir, { projects: [project], apiKey: "dummy", version: claude.version });
    await server.start();
    await server.setServerEnv({ ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") });
    await burnPaneIds(server);
  });

  after(async () => {
    // The fake model server closes whatever happens: an open server keeps this file's process alive.
    try {
      if (server) await keepLog(server, "claude");
      await server?.stop();
    } finally {
      await fake?.close();
    }
  });

    const start = (s: TestServer, instance: string, dir = project) => startSession(s, "claude", dir, instance);
  const atPrompt = async (s: TestServer, pane: string): Promise<void> => {
    await s.waitForScreen(pane, PROMPT, LONG);
    await waitForState(s, pane, "idle", LONG);
  };
  /** A new session at its prompt, and a mark from there. */
  const fresh = async (s: TestServer, instance: string) => {
    const { pane, name } = await start(s, instance);
    await atPrompt(s, pane);
    return { pane, name, m: await mark(s, pane, name) };
  };
  // "send /exit" would fail: the pane closes under its check that the Return was taken.
  const quit = async (s: TestServer, pane: string): Promise<void> => {
    await cli(s, "send", "--no-enter", pane, "/exit");
    await s.waitForScreen(pane, /^❯\s?\/exit/m, LONG);
    await cli(s, "keys", pane, "Enter");
  };

  describe("dialogs", { concurrency: true }, () => {
    it("plain turn: idle → working → waiting, one notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await fresh(s, "plain");
      await cli(s, "send", pane, "say hello");
      await expectSeen(s, pane, name, { states: 0, notes: 0 }, { states: ["idle", "working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    it("permission approved: working → blocked (held) → working → waiting", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await fresh(s, "approve");
      const marker = join(project, "approved-marker");
      let m = await mark(s, pane, name);
      await cli(s, "send", pane, `E2E_TOOL E2E_CMD=${marker} create the marker`);
      await s.waitForScreen(pane, /Do you want to proceed\?/, LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "blocked"], notes: [/^asks permission/], quietMs: DIALOG_QUIET });
      m = await mark(s, pane, name);
      await cli(s, "keys", pane, "Enter");
      await s.waitFor("the marker", () => existsSync(marker), LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    it("permission denied: working → blocked, and it stays blocked (interrupted), one notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name, m } = await fresh(s, "deny");
      await cli(s, "send", pane, `E2E_TOOL E2E_CMD=${join(project, "denied-marker")} create the marker`);
      await s.waitForScreen(pane, /Do you want to proceed\?/, LONG);
      await waitForState(s, pane, "blocked", LONG);
      await cli(s, "keys", pane, "Escape");
      await s.waitForScreen(pane, /Interrupted · What should Claude do instead\?/, LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "blocked"], notes: [/^asks permission/], quietMs: DIALOG_QUIET });
      assert.ok(!existsSync(join(project, "denied-marker")));
    });

    it("question answered: blocked once with one notification until answered, then working → waiting", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name, m: first } = await fresh(s, "ask");
      let m = first;
      await cli(s, "send", pane, "E2E_ASK pick a colour");
      await s.waitForScreen(pane, /Which colour should the marker be\?/, LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "blocked"], notes: [/^asks /], quietMs: DIALOG_QUIET });
      m = await mark(s, pane, name);
      await cli(s, "keys", pane, "Enter");
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    it("plan approved: blocked once with one notification until approved, then working → waiting", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await fresh(s, "plan");
      await cli(s, "keys", pane, "BTab");
      await s.waitForScreen(pane, /accept edits on/, LONG);
      await cli(s, "keys", pane, "BTab");
      await s.waitForScreen(pane, /plan mode on/, LONG);
      let m = await mark(s, pane, name);
      await cli(s, "send", pane, "E2E_PLAN make a plan");
      await s.waitForScreen(pane, /Would you like to proceed\?|Exit plan mode\?/, LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "blocked"], notes: [/^asks /], quietMs: DIALOG_QUIET });
      m = await mark(s, pane, name);
      await cli(s, "keys", pane, "Enter");
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    it("foreground subagent: working for the whole subagent, then waiting", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name, m } = await fresh(s, "agent");
      await cli(s, "send", pane, "E2E_AGENT run a helper");
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET, timeoutMs: SUB_MS + LONG });
    });

    it("trust dialog accepted: blocked → idle", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await start(s, "trust", untrusted);
      await s.waitForScreen(pane, /trust this folder/, LONG);
      // A trust question, quoting the folder: the notification says what the inbox shows (one text per Ask).
      const trust = /^asks whether to trust a folder: Trust the folder .*untrusted\?$/;
      await expectSeen(s, pane, name, { states: 0, notes: 0 }, { states: ["blocked"], notes: [trust], quietMs: DIALOG_QUIET });
      const ask = JSON.parse(await paneOption(s, pane, "@agentmux-ask")) as { kind: string; options: string[] };
      assert.deepEqual([ask.kind, ask.options], ["trust", ["Yes, I trust this folder", "No, exit"]]);
      await cli(s, "keys", pane, "Enter");
      await s.waitForScreen(pane, PROMPT, LONG);
      await expectSeen(s, pane, name, { states: 0, notes: 0 }, { states: ["blocked", "idle"], notes: [trust], quietMs: TURN_QUIET });
    });
  });

  describe("long turns and background work", { concurrency: true }, () => {
    it("background Bash after the turn: waiting+background throughout, and after the next turn", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name, m: first } = await fresh(s, "bgsh");
      let m = first;
      await cli(s, "send", pane, "E2E_BGSH sleep in the background");
      await expectSeen(s, pane, name, m, { states: ["working", "waiting+background"], notes: [FINISHED], quietMs: 10_000 });
      m = await mark(s, pane, name);
      await cli(s, "send", pane, "say hello");
      // The shell still runs: the new turn has the background flag too.
      await expectSeen(s, pane, name, m, { states: ["working+background", "waiting+background"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    // The only subagent of this group: the fake's request log tells when it began, and it streams for SUB_MS.
    it("background subagent after the turn: working → waiting+background and nothing else while it runs", async (t) => {
      const s = ready(t);
      if (!s || !fake) return;
      const { pane, name, m } = await fresh(s, "agentbg");
      const from = fake.requests.length;
      await cli(s, "send", pane, "E2E_AGENTBG start a background helper");
      let began = 0;
      await s.waitFor("the subagent's request", () => (began ||= fake?.requests.slice(from).some((q) => q.decision?.kind === "text" && q.decision.ms === SUB_MS) ? Date.now() : 0) > 0, LONG);
      await waitForState(s, pane, "waiting", LONG);
      // Only what the daemon logged while the subagent still ran (its end starts Claude's own next turn).
      const until = began + SUB_MS - 1000;
      assert.ok(until - Date.now() > 5000, `the turn ended ${SUB_MS - (until - Date.now())} ms into the subagent's run: no time left to watch`);
      await expectSeen(s, pane, name, m, { states: ["working", "waiting+background"], notes: [FINISHED], quietMs: until - Date.now(), before: until });
    });

    it("long silent turn: working until the answer, then waiting", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name, m } = await fresh(s, "silent");
      await cli(s, "send", pane, "E2E_SILENT think quietly");
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET, timeoutMs: 20_000 + LONG });
    });

    it("API error: working → waiting, one failed notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name, m } = await fresh(s, "err");
      await cli(s, "send", pane, "E2E_ERR fail please");
      await s.waitForScreen(pane, /API Error: 400/, LONG);
      // The fake's own message (fake-anthropic-decide.ts), not a bare category: "failed: unknown" fails.
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [/^failed: .*E2E fake bad request/], quietMs: TURN_QUIET });
    });

    it("429: working → waiting, one failed notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name, m } = await fresh(s, "ratelimit");
      await cli(s, "send", pane, "E2E_429 hit the limit");
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [/^failed: .*E2E fake rate limit/], quietMs: TURN_QUIET });
    });
  });

  describe("interrupts and endings", { concurrency: true }, () => {
    const interrupt = async (s: TestServer, instance: string, press: (pane: string) => Promise<unknown>): Promise<void> => {
      const { pane, name, m } = await fresh(s, instance);
      await cli(s, "send", pane, "E2E_SLOW tell me a long story");
      await waitForState(s, pane, "working", LONG);
      await s.waitForScreen(pane, /^\S \S+… \(/m, LONG);
      await press(pane);
      await s.waitForScreen(pane, /Interrupted/, LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "blocked"], notes: [/^was interrupted/], quietMs: DIALOG_QUIET });
    };

    it("Escape typed in the pane: working → blocked (interrupted)", async (t) => {
      const s = ready(t);
      if (!s) return;
      await interrupt(s, "esc-pane", (pane) => s.tmux(["send-keys", "-t", pane, "Escape"]));
    });

    it("Escape sent by agentmux keys: working → blocked (interrupted)", async (t) => {
      const s = ready(t);
      if (!s) return;
      await interrupt(s, "esc-keys", (pane) => cli(s, "keys", pane, "Escape"));
    });

    const ends = async (s: TestServer, instance: string, how: (pane: string) => Promise<unknown>): Promise<string> => {
      const { pane, name, m } = await fresh(s, instance);
      await how(pane);
      await expectSeen(s, pane, name, m, { states: ["exited"], notes: [], quietMs: 2000 });
      return paneState(s, pane);
    };

    it("/exit: idle → exited, no notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      assert.match(await ends(s, "exit", (pane) => quit(s, pane)), /^(gone|1:0?)$/);
    });

    it("Ctrl-C twice: idle → exited, no notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      await ends(s, "ctrl-c", async (pane) => {
        await cli(s, "keys", pane, "C-c", "C-c");
      });
    });

    it("kill -9: idle → exited, no notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      await ends(s, "kill", async (pane) => process.kill(await agentPid(s, pane, /claude/), "SIGKILL"));
    });

    it("restart after a clean exit resumes the conversation in a new pane", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await fresh(s, "restart");
      await cli(s, "send", pane, "remember the word KIWI-E2E");
      await waitForState(s, pane, "waiting", LONG);
      let id = "";
      await s.waitFor("session id", async () => /^[0-9a-f-]{36}$/.test(id = await paneOption(s, pane, "@agentmux-id")), LONG);
      await quit(s, pane);
      // The states up to the exit are the /exit situation's; this one is about what restart does after it.
      await s.waitFor(`${pane} exited`, async () => (await since(s, pane, name, { states: 0, notes: 0 })).states.at(-1) === "exited", LONG);
      const before = await mark(s, pane, name);
      const next = await restartExited(s, pane, id);
      await atPrompt(s, next);
      await expectSeen(s, next, name, { states: 0, notes: before.notes }, { states: ["idle"], notes: [], quietMs: 2000 });
      assert.equal(await paneOption(s, next, "@agentmux-id"), id, "the same native session id");
    });
  });
});
