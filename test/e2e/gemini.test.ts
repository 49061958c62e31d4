import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ROOT, TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";
import type { LocalServer } from "../helpers/fake-http.ts";
import { writeConfig } from "../helpers/config.ts";
import { inboxAsk, notesOf } from "../helpers/notes.ts";
import { journalOf, LONG, waitForRead } from "./harness.ts";
import { startFakeGemini } from "./fake-gemini.ts";
import { HELLO } from "./fake-model.ts";


// Gemini CLI from npm (a devDependency); AGENTMUX_E2E_GEMINI names another bin.
function findGemini(): string | null {
  const bin = process.env["AGENTMUX_E2E_GEMINI"] || join(ROOT, "node_modules", ".bin", "gemini");
  try { accessSync(bin, constants.X_OK); return bin; } catch { return null; }
}
const gemini = findGemini();

describe("the real Gemini CLI in tmux against a fake Gemini API, with the hooks agentmux gives its sessions", () => {
  let fake: LocalServer | undefined;
  let server: TestServer | undefined;
  let project = "";
  let userSettings = "";
  let userText = "";
  let journal = "";
  let pane = "";
  let told: ReturnType<typeof notesOf> | undefined;

  const ready = (t: TestContext): TestServer | undefined => {
    if (gemini) return server;
    t.skip("Gemini CLI is not installed (set AGENTMUX_E2E_GEMINI to its bin)");
    return undefined;
  };

  before(async () => {
    if (!gemini) return;
    fake = await startFakeGemini();
    server = new TestServer({ PATH: `${dirname(gemini)}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    journal = join(server.home, "events.jsonl");
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    project = join(server.home, "project");
    mkdirSync(project, { recursive: true });
    // The user's own ~/.gemini (GEMINI_CLI_HOME of the test): API-key login, trusted project, quiet.
    const userDir = join(server.env["GEMINI_CLI_HOME"] ?? "", ".gemini");
    mkdirSync(userDir, { recursive: true });
    userSettings = join(userDir, "settings.json");
    userText = `${JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } }, general: { disableAutoUpdate: true, disableUpdateNag: true }, privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false }, ui: { theme: "Default" }, ide: { hasSeenNudge: true, enabled: false } }, null, 2)}\n`;
    writeFileSync(userSettings, userText);
    writeFileSync(join(userDir, "trustedFolders.json"), JSON.stringify({ [project]: "TRUST_FOLDER" }));
    told = notesOf(join(server.home, "notified.txt"));
    writeConfig(server.home, { notify: { command: told.command } });
    await server.start();
    await server.setServerEnv({ GOOGLE_GEMINI_BASE_URL: fake.url, GEMINI_API_KEY: "dummy", GEMINI_CLI_NO_RELAUNCH: "true", GOOGLE_API_KEY: undefined, GOOGLE_CLOUD_PROJECT: undefined });
  });

  after(async () => {
    try {
      await server?.cli(["daemon", "stop"]);
      await server?.stop();
    } finally {
      await fake?.close();
    }
  });

  const { events, waitForEvents } = journalOf(() => journal, LONG);
  const cli = async (s: TestServer, args: string[]) => {
    const r = await s.cli(args);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };

  it("starts authenticated from the user's settings, and a turn's states come from Gemini's hooks", async (t) => {
    const s = ready(t);
    if (!s) return;
    pane = await cli(s, ["new", "--backend", "gemini", "--dir", project]);
    await s.waitForScreen(pane, /Type your message/, LONG);
    await waitForEvents(s, pane, ["SessionStart"]);
    await cli(s, ["send", pane, "say hello"]);
    await waitForRead(s, pane, new RegExp(HELLO.replace(".", "\\.")));
    await waitForEvents(s, pane, ["BeforeAgent", "AfterAgent"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    // The turn's end says what it answered.
    assert.equal(await told!.waitForNote(s, /finished/), `project finished: ${HELLO}`);
  });

  it("a shell command's permission dialog is blocked from the Notification hook, and working again once allowed", async (t) => {
    const s = ready(t);
    if (!s) return;
    assert.ok(pane, "the session from the first test is running");
    const marker = join(project, "marker-from-gemini");
    await cli(s, ["send", pane, `E2E_TOOL E2E_CMD=${marker} please`]);
    await waitForRead(s, pane, /Allow execution of/);
    // BeforeTool of a session the daemon shows working is dropped by the hook itself (the mirror shortcut).
    await waitForEvents(s, pane, ["Notification"]);
    await waitForState(s, pane, "blocked", LONG);
    // One text per Ask: the notification says what the inbox says is asked (the command), not
    // Gemini's own "Tool Confirm Shell Command requires execution".
    const ask = await inboxAsk(s, pane);
    assert.equal(ask?.kind, "permission", JSON.stringify(ask));
    assert.match(ask?.summary ?? "", new RegExp(`touch ${marker}`), JSON.stringify(ask));
    const note = await told!.waitForNote(s, /asks permission/);
    assert.equal(note, `project asks permission: ${ask?.summary}`);
    await cli(s, ["keys", pane, "Enter"]); // "Allow once" is selected
    await s.waitFor(`${marker} to exist`, () => existsSync(marker), LONG);
    await waitForEvents(s, pane, ["AfterTool"]);
    await waitForState(s, pane, "waiting", LONG);
    assert.equal(readFileSync(userSettings, "utf8"), userText, "the user's settings are as they were");
  });
});
