import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { LONG } from "./harness.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";
import { agentPid, burnPaneIds, cli, expectSeen, keepLog, mark, paneState, restartExited, since, startSession } from "./matrix.ts";

// Issue #12's situation matrix for Codex: each situation asserts every state agentmux reported
// (from the daemon log) and every notification (no attached client: each blocked or waiting
// notifies). The quiet windows catch flaps.

const COMPOSER = /^› /m;
const codex = findCodex();
const DIALOG_QUIET = 8000;
const TURN_QUIET = 4000;
const FINISHED = /^finished/;

describe("situation matrix: the real Codex against the fake OpenAI Responses API", () => {
  let fake: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let project = "";
  let untrusted = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (codex.bin !== null) return server;
    t.skip(`Codex is not available: ${codex.reason}`);
    return undefined;
  };

  before(async () => {
    if (codex.bin === null) return;
    fake = await startFakeOpenAI({ port: 0, slowMs: 40_000, thinkMs: 2000 });
    const home = join(mkdtempSync(join(tmpdir(), "agentmux-codex-")), "home");
    const codexHome = join(home, ".codex");
    server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}`, CODEX_HOME: codexHome });
    project = join(server.home, "project");
    untrusted = join(server.home, "untrusted");
    mkdirSync(project, { recursive: true });
    mkdirSync(untrusted, { recursive: true });
    // Codex asks about trusting a folder only when it is a git repository.
    execFileSync("git", ["init", "-q", untrusted]);
    seedCodexHome(codexHome, { projects: [project], providerUrl: fake.url });
    await server.start();
    await server.setServerEnv({ ...codexEnv(codexHome), HOME: home });
    await burnPaneIds(server);
  });

  after(async () => {
    // The fake model server closes whatever happens: an open server keeps this file's process alive.
    try {
      if (server) await keepLog(server, "codex");
      await server?.stop();
    } finally {
      await fake?.close();
    }
  });

  const start = (s: TestServer, instance: string, dir = project) => startSession(s, "codex", dir, instance);
  const atComposer = async (s: TestServer, pane: string): Promise<void> => {
    await s.waitForScreen(pane, /Ask Codex to do anything/, LONG);
    await waitForState(s, pane, "idle", LONG);
  };
  // "send /quit" would fail: the pane closes under its check that the Return was taken.
  const quit = async (s: TestServer, pane: string): Promise<void> => {
    await cli(s, "send", "--no-enter", pane, "/quit");
    await s.waitForScreen(pane, /^› \/quit/m, LONG);
    await cli(s, "keys", pane, "Enter");
  };

  describe("turns and dialogs", { concurrency: true }, () => {
    it("plain turn: idle → working → waiting, one notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await start(s, "plain");
      await atComposer(s, pane);
      await cli(s, "send", pane, "say hello");
      await expectSeen(s, pane, name, { states: 0, notes: 0 }, { states: ["idle", "working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    it("command approved: working → blocked (held) → working → waiting", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await start(s, "approve");
      await atComposer(s, pane);
      const marker = join(project, "approved-marker");
      let m = await mark(s, pane, name);
      await cli(s, "send", pane, `E2E_TOOL E2E_CMD=${marker} create the marker`);
      await s.waitForScreen(pane, /Would you like to run the following command\?/, LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "blocked"], notes: [/^asks permission/], quietMs: DIALOG_QUIET });
      m = await mark(s, pane, name);
      await cli(s, "keys", pane, "y");
      await s.waitFor("the marker", () => existsSync(marker), LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    it("command denied: working → blocked, and it stays blocked (interrupted), one notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await start(s, "deny");
      await atComposer(s, pane);
      const m = await mark(s, pane, name);
      await cli(s, "send", pane, `E2E_TOOL E2E_CMD=${join(project, "denied-marker")} create the marker`);
      await s.waitForScreen(pane, /Would you like to run the following command\?/, LONG);
      await waitForState(s, pane, "blocked", LONG);
      await cli(s, "keys", pane, "Escape");
      await s.waitForScreen(pane, /■ Conversation interrupted/, LONG);
      await expectSeen(s, pane, name, m, { states: ["working", "blocked"], notes: [/^asks permission/], quietMs: DIALOG_QUIET });
      assert.ok(!existsSync(join(project, "denied-marker")));
    });

    it("usage limit (429): working → waiting, one notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await start(s, "ratelimit");
      await atComposer(s, pane);
      const m = await mark(s, pane, name);
      await cli(s, "send", pane, "E2E_429 hit the limit");
      await s.waitForScreen(pane, /usage limit/, LONG);
      // Codex ends the turn with a plain Stop (no message) and words the limit only on its screen, so
      // the notification is "finished" for now (a known gap: docs/state.md).
      await expectSeen(s, pane, name, m, { states: ["working", "waiting"], notes: [FINISHED], quietMs: TURN_QUIET });
    });

    it("trust dialog accepted: blocked → idle", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await start(s, "trust", untrusted);
      await s.waitForScreen(pane, /Trust this folder\?/, LONG);
      // Maybe idle first: the screen watcher can see Codex's composer before the dialog is drawn over it.
      await waitForState(s, pane, "blocked", LONG);
      const first = (await since(s, pane, name, { states: 0, notes: 0 })).states[0] === "idle" ? 1 : 0;
      // A trust question, quoting the folder (Codex's dialog names it on its "You are in" line).
      const trust = /^asks whether to trust a folder: Trust the folder .*untrusted\?$/;
      await expectSeen(s, pane, name, { states: first, notes: 0 }, { states: ["blocked"], notes: [trust], quietMs: DIALOG_QUIET });
      await cli(s, "keys", pane, "Enter");
      await s.waitForScreen(pane, /Ask Codex to do anything/, LONG);
      // Codex's start-up spinner in its title after the dialog is no turn (src/core/decide.ts).
      await expectSeen(s, pane, name, { states: first, notes: 0 }, { states: ["blocked", "idle"], notes: [trust], quietMs: TURN_QUIET });
    });
  });

  describe("interrupts and endings", { concurrency: true }, () => {
    const interrupt = async (s: TestServer, instance: string, press: (pane: string) => Promise<unknown>): Promise<void> => {
      const { pane, name } = await start(s, instance);
      await atComposer(s, pane);
      const m = await mark(s, pane, name);
      await cli(s, "send", pane, "E2E_SLOW tell me a long story");
      await s.waitForScreen(pane, /slow streamed/, LONG);
      await waitForState(s, pane, "working", LONG);
      await press(pane);
      await s.waitForScreen(pane, /■ Conversation interrupted/, LONG);
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
      const { pane, name } = await start(s, instance);
      await atComposer(s, pane);
      const m = await mark(s, pane, name);
      await how(pane);
      await expectSeen(s, pane, name, m, { states: ["exited"], notes: [], quietMs: 2000 });
      return paneState(s, pane);
    };

    it("/quit: idle → exited, no notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      assert.match(await ends(s, "quit", (pane) => quit(s, pane)), /^(gone|1:0?)$/);
    });

    it("Ctrl-C twice: idle → exited, no notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      await ends(s, "ctrl-c", async (pane) => {
        // Codex 0.171 quits at the first Ctrl-C on an empty composer; the second is what a user presses anyway.
        await cli(s, "keys", pane, "C-c", "C-c");
      });
    });

    it("kill -9: idle → exited, no notification", async (t) => {
      const s = ready(t);
      if (!s) return;
      await ends(s, "kill", async (pane) => process.kill(await agentPid(s, pane, /^codex$/), "SIGKILL"));
    });

    it("restart after a clean exit resumes the thread in a new pane", async (t) => {
      const s = ready(t);
      if (!s) return;
      const { pane, name } = await start(s, "restart");
      await atComposer(s, pane);
      await cli(s, "send", pane, "remember the word MANGO-E2E");
      await waitForState(s, pane, "waiting", LONG);
      let id = "";
      await s.waitFor("the thread id", async () => (id = await paneOption(s, pane, "@agentmux-id")) !== "", LONG);
      await quit(s, pane);
      await expectSeen(s, pane, name, { states: 0, notes: 0 }, { states: ["idle", "working", "waiting", "exited"], notes: [FINISHED] });
      const before = await mark(s, pane, name);
      const next = await restartExited(s, pane, id);
      await s.waitForScreen(next, COMPOSER, LONG);
      await waitForState(s, next, "idle", LONG);
      await expectSeen(s, next, name, { states: 0, notes: before.notes }, { states: ["idle"], notes: [], quietMs: 2000 });
      assert.equal(await paneOption(s, next, "@agentmux-id"), id, "the same thread id");
    });
  });
});
