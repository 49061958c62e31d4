import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeUsageCache } from "../../src/accounts/usage-store.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { boxed, Person, PLUGIN } from "../helpers/client.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";
import { TestServer } from "../helpers/tmux-server.ts";

/**
 * restart from the menu (prefix a, R) with a person's client attached: a picker of the backend's
 * pools and accounts with their cached usage; the choice restarts the session under it and
 * becomes the selection for new sessions.
 */
describe("restart's account picker, from the menu of an attached client", () => {
  const server = new TestServer();
  const viewer = new TestServer();
  const person = new Person(server, viewer);
  const stateDir = join(server.home, "state");
  const selected = () => (JSON.parse(readFileSync(join(stateDir, "accounts", "selection.json"), "utf8")) as { selected: Record<string, string> }).selected;
  let pane = "";
  let id = "";

  before(async () => {
    claudeAccounts(server, ["solo", "team-1", "team-2"], {
      backends: { claude: { accounts: { solo: "~/.claude-solo", out: "~/.claude-out", "team-1": { home: "~/.claude-team-1", pool: "team" }, "team-2": { home: "~/.claude-team-2", pool: "team" } } } },
      usage: { interval: 3600, claude: { url: "http://127.0.0.1:9/none" } },
    }, { loggedOut: ["out"] });
    const now = Date.now();
    const reading = (sessionPct: number, weeklyPct: number, limited = false) => ({ sessionPct, weeklyPct, sessionResetsAt: now + 3_600_000, weeklyResetsAt: now + 86_400_000, limited, fetchedAt: now });
    writeUsageCache(stateDir, [
      { backend: "claude", account: "solo", reading: reading(100, 62, true), failures: 0, updatedAt: now, nextAt: now + 3_600_000 },
      { backend: "claude", account: "team-1", reading: reading(40, 20), failures: 0, updatedAt: now, nextAt: now + 3_600_000 },
      { backend: "claude", account: "team-2", reading: reading(7, 9), failures: 0, updatedAt: now, nextAt: now + 3_600_000 },
    ]);
    await server.start();
    await viewer.start();
    await server.tmux(["run-shell", PLUGIN]);
    const r = await server.cli(["new", "--backend", "claude", "--account", "solo", "--dir", server.work, "--instance", "lim", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    pane = String(r.stdout).trim();
    // A name that is hostile to formats and shells reaches the picker's question as text.
    assert.equal((await server.cli(["rename", pane, `lim%s"ü'q`])).exitCode, 0);
    await waitForState(server, pane, "idle");
    await server.waitFor("its native id", async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    // A conversation to resume (its transcript in solo's home): one message exchanged.
    assert.equal((await server.cli(["send", pane, "first message"])).exitCode, 0);
    await server.waitForScreen(pane, /received: first message/);
    await waitForState(server, pane, "waiting");
    await person.attach();
    await server.tmux(["select-window", "-t", pane]);
    await person.waitForPane(pane);
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await viewer.stop();
    await server.stop();
  });

  it("lists pools and accounts with weekly and session usage, the limited one marked, the logged-out one refused; a pool is routed to a member and becomes the selection", async () => {
    await person.type("C-b", "a");
    await person.waitForScreen(/restart +\(R\)/);
    await person.type("R");
    const screen = await person.waitForScreen(/Restart lim%s"ü'q under which claude account or pool\?[\s\S]*esc cancel/);
    const rows = boxed(screen).map((l) => l.replace(/\s+/g, " ").trim());
    assert.ok(rows.some((l) => /^1 team team-1, team-2 · next: team-2 \(session 7% · weekly 9%/.test(l)), rows.join("\n"));
    assert.ok(rows.some((l) => /^› ?2 ● solo session 100% · weekly 62% \S+ · limited$/.test(l)), rows.join("\n"));
    assert.ok(rows.some((l) => /^3 out no reading · logged out$/.test(l)), rows.join("\n"));
    assert.ok(rows.some((l) => /^4 team-1 pool team · session 40% · weekly 20%/.test(l)), rows.join("\n"));
    // The logged-out account cannot be chosen: the picker stays, the session keeps running.
    await person.type("3");
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.match(await person.screen(), /under which claude account or pool\?/);
    await person.type("1");
    await person.waitForScreen(/resuming .* under team-2[\s\S]*\(press Enter\)/);
    assert.equal(await paneOption(server, pane, "@agentmux-account"), "team-2");
    assert.equal(await paneOption(server, pane, "@agentmux-id"), id, "the same conversation");
    assert.deepEqual(selected(), { claude: "team" }, "the choice is the selection for new sessions");
    await person.type("Enter");
    await person.waitForScreen(/^(?![\s\S]*press Enter)/);
  });
});
