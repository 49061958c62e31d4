import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { waitForState } from "../helpers/agentmux-session.ts";

interface Journaled { pane: string; event: string; result: string }

// The fakes (test/fixtures/bin/gemini, opencode) fire the hooks or plugin agentmux installed, under
// each CLI's own event names (test/fixtures/bin/fake-dialects.js).
const BACKENDS = [
  { backend: "gemini", start: "SessionStart", submit: "BeforeAgent", stop: "AfterAgent", blocked: "Notification", resumed: "AfterTool" },
  { backend: "opencode", start: "session-created", submit: "session-busy", stop: "session-idle", blocked: "permission-asked", resumed: "permission-replied" },
] as const;

describe("Gemini and opencode sessions agentmux starts report their turns through the hooks it installs", () => {
  const server = new TestServer({ FAKE_SLOW_MS: "2500" });
  const journal = join(server.home, "events.jsonl");
  const project = join(server.home, "pro ject ü #1 %x 'q'");
  const userSettings = join(server.home, "gemini-user", ".gemini", "settings.json");
  const userText = `${JSON.stringify({ ui: { theme: "Dracula" }, hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "true" }] }] } }, null, 2)}\n`;

  before(async () => {
    server.env["AGENTMUX_EVENT_LOG"] = journal;
    mkdirSync(project, { recursive: true });
    mkdirSync(join(server.home, "gemini-user", ".gemini"), { recursive: true });
    writeFileSync(userSettings, userText);
    await server.start();
    // Pane ids past %10, as in a server that has been running a while.
    for (let i = 0; i < 11; i += 1) {
      const pane = String((await server.tmux(["new-window", "-d", "-P", "-F", "#{pane_id}", "sleep 60"])).stdout).trim();
      await server.tmux(["kill-pane", "-t", pane]);
    }
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  const events = (pane: string): Journaled[] => {
    if (!existsSync(journal)) return [];
    return readFileSync(journal, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as Journaled).filter((e) => e.pane === pane);
  };
  const count = (pane: string, name: string) => events(pane).filter((e) => e.event === name).length;
  const waitForEvent = (pane: string, name: string, times = 1) => server.waitFor(`${times}× ${name} from ${pane}`, () => count(pane, name) >= times, 15_000)
    .catch((e: Error) => { throw new Error(`${e.message}; journal had: ${events(pane).map((j) => j.event).join(", ") || "nothing"}`); });
  const cli = async (args: string[]) => {
    const r = await server.cli(args);
    assert.equal(r.exitCode, 0, String(r.stderr));
    return String(r.stdout).trim();
  };

  for (const b of BACKENDS) {
    it(`${b.backend}: a turn is working then waiting, and a permission blocked until answered, from ${b.backend}'s own events`, async () => {
      const pane = await cli(["new", "--backend", b.backend, "--dir", project, "--instance", `hooks-${b.backend}`]);
      assert.match(pane, /^%\d\d+$/);
      await server.waitForScreen(pane, /❯/);
      await waitForEvent(pane, b.start);
      await cli(["send", pane, "/slow"]);
      await waitForEvent(pane, b.submit);
      await waitForState(server, pane, "working");
      await waitForEvent(pane, b.stop);
      await waitForState(server, pane, "waiting");
      await cli(["send", pane, "/tool"]);
      await waitForEvent(pane, b.blocked);
      await waitForState(server, pane, "blocked");
      await cli(["keys", pane, "1"]);
      await waitForEvent(pane, b.resumed);
      await waitForEvent(pane, b.stop, 2);
      await waitForState(server, pane, "waiting");
      assert.deepEqual(events(pane).filter((e) => e.result === "dropped"), [], "every event carried the session's token");
    });
  }

  it("leaves the user's own Gemini settings as they were", () => {
    assert.equal(readFileSync(userSettings, "utf8"), userText);
  });
});
