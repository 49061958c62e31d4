import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { InboxItem } from "../../src/core/ask.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { boxed, Person, PLUGIN } from "../helpers/client.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { LONG } from "./harness.ts";
import { burnPaneIds } from "./matrix.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";

const claude = findClaude();
const codex = findCodex();

/**
 * The "done when": three waiting permissions (two Claude Code, one Codex) and one question
 * (Claude's AskUserQuestion) across four sessions, cleared from one popup (prefix N) without the
 * person's client leaving the pane it is on. The real CLIs run against the fake model servers.
 */
describe("the inbox with the real Claude Code and Codex", () => {
  let anthropic: FakeAnthropic | undefined;
  let openai: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let viewer: TestServer | undefined;
  let person: Person | undefined;
  let project = "";

  const ready = (t: TestContext): TestServer | undefined => {
    if (claude.bin === null) t.skip(`Claude Code is not available: ${claude.reason}`);
    else if (codex.bin === null) t.skip(`Codex is not available: ${codex.reason}`);
    else return server;
    return undefined;
  };

  before(async () => {
    if (claude.bin === null || codex.bin === null) return;
    anthropic = await startFakeAnthropic({ port: 0 });
    openai = await startFakeOpenAI({ port: 0 });
    const dirs = [...new Set([claude.dir, codex.dir])].join(":");
    server = new TestServer({ PATH: `${dirs}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    const home = join(server.home, "home");
    const codexHome = join(home, ".codex");
    server.env["CODEX_HOME"] = codexHome;
    project = join(server.home, "project");
    mkdirSync(project, { recursive: true });
    const configDir = join(server.home, "claude-config");
    seedClaudeHome(configDir, { projects: [project], apiKey: "dummy", version: claude.version });
    seedCodexHome(codexHome, { projects: [project], providerUrl: openai.url });
    await server.start();
    await server.setServerEnv({ ...claudeEnv(configDir, anthropic.url), ...codexEnv(codexHome), HOME: home });
    await server.tmux(["set-option", "-g", "@agentmux-daemon", "off"]);
    await server.tmux(["run-shell", PLUGIN]);
    await burnPaneIds(server, 11);
    viewer = new TestServer();
    await viewer.start();
    person = new Person(server, viewer);
  });

  after(async () => {
    try {
      await server?.cli(["daemon", "stop"]);
      await viewer?.stop();
      await server?.stop();
    } finally {
      await anthropic?.close();
      await openai?.close();
    }
  });

  it("clears three permissions and a question from one popup, the client staying where it is", async (t) => {
    const s = ready(t);
    if (!s || !person) return;
    const start = async (backend: string, instance: string): Promise<string> => {
      const r = await s.cli(["new", "--backend", backend, "--dir", project, "--instance", instance, "--detached"]);
      assert.equal(r.exitCode, 0, String(r.stderr));
      return String(r.stdout).trim();
    };
    const sessions = [await start("claude", "one"), await start("codex", "two"), await start("claude", "three"), await start("claude", "asks")];
    const [one, two, three, asks] = sessions as [string, string, string, string];
    for (const pane of sessions) await waitForState(s, pane, "idle", LONG * 2);
    const markers = [join(project, "m-one"), join(project, "m-two"), join(project, "m-three")];
    for (const [pane, marker] of [[one, markers[0]], [two, markers[1]], [three, markers[2]]] as const) {
      const sent = await s.cli(["send", pane, `E2E_TOOL E2E_CMD=${marker} please create the marker file`]);
      assert.equal(sent.exitCode, 0, String(sent.stderr));
      await waitForState(s, pane, "blocked", LONG);
    }
    assert.equal((await s.cli(["send", asks, "E2E_ASK pick a colour"])).exitCode, 0);
    await waitForState(s, asks, "blocked", LONG);
    let items: InboxItem[] = [];
    await s.waitFor("four dialogs read", async () => {
      items = JSON.parse(String((await s.cli(["inbox", "--json"])).stdout)) as InboxItem[];
      return sessions.every((p) => (items.find((i) => i.pane === p)?.ask?.dialog ?? "") !== "");
    }, LONG).catch((e: Error) => { throw new Error(`${e.message}; inbox: ${JSON.stringify(items)}`); });
    assert.deepEqual(items.filter((i) => i.state === "blocked").map((i) => i.pane), sessions);

    const base = String((await s.tmux(["display-message", "-p", "-t", "base:0", "#{pane_id}"])).stdout);
    await person.attach();
    await person.waitForPane(base);
    await person.type("C-b", "N");
    const rows = () => person!.screen().then((screen) => boxed(screen).map((l) => l.replace(/\s+/g, " ").trim()));
    await person.waitForScreen(/Needs you: 4/, LONG);
    const inbox = async () => JSON.parse(String((await s.cli(["inbox", "--json"])).stdout)) as InboxItem[];
    // Each answer goes to the most urgent one (the longest blocked), first in the list: Home, then the key.
    const answerFirst = async (pane: string, key: string, done: () => Promise<boolean>) => {
      let name = "";
      await s.waitFor(`${pane} first in the inbox`, async () => { const first = (await inbox())[0]; name = first?.name ?? ""; return first?.pane === pane; }, LONG);
      await person!.type("Home");
      await s.waitFor(`${name} highlighted`, async () => (await rows()).some((r) => r.startsWith("›⚠") && r.includes(name)), LONG)
        .catch(async (e: Error) => { throw new Error(`${e.message}; popup:\n${(await rows()).join("\n")}`); });
      await person!.type(key);
      await s.waitFor(`${pane} answered`, done, LONG).catch(async (e: Error) => { throw new Error(`${e.message}; popup:\n${(await rows()).join("\n")}`); });
    };
    await answerFirst(one, "y", async () => existsSync(markers[0] as string));
    await answerFirst(two, "y", async () => existsSync(markers[1] as string));
    await answerFirst(three, "1", async () => existsSync(markers[2] as string));
    await answerFirst(asks, "2", async () => (await paneOption(s, asks, "@agentmux-state")) !== "blocked");
    for (const pane of sessions) await s.waitFor(`${pane} no longer blocked`, async () => (await paneOption(s, pane, "@agentmux-state")) !== "blocked", LONG);
    assert.equal(await person.pane(), base, "the client never left its pane");
    await person.type("Escape");
  });
});
