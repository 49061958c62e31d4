import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestServer } from "../helpers/tmux-server.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";

// A HOME of its own, so account homes sync against a canonical ~/.claude that is not the user's.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-account-launch-")));

describe("sessions started under accounts", () => {
  const server = new TestServer({ HOME: userHome });
  const project = join(userHome, "repos", "client");
  before(async () => {
    await server.start();
    mkdirSync(project, { recursive: true });
    claudeAccounts(server, ["a", "b"], {
      backends: { claude: { accounts: { a: { home: "~/.claude-a", pool: "work" }, b: { home: "~/.claude-b", pool: "work" }, out: "~/.claude-out" } } },
      directoryRules: [{ dir: "~/repos/client", claude: "work" }],
      // Nothing answers here: routing uses what it has (no readings), never the real endpoint.
      usage: { claude: { url: "http://127.0.0.1:9/none" } },
    }, { home: userHome, loggedOut: ["out"] });
  });
  after(async () => {
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  const option = async (pane: string, name: string) => String((await server.tmux(["show-option", "-pqv", "-t", pane, name])).stdout);

  it("the directory rule's pool is routed to a member; the session runs with CLAUDE_CONFIG_DIR at its home", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", project, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stderr), /agentmux: pool work → a \(no reading\)/);
    const pane = String(r.stdout).trim();
    assert.equal(await option(pane, "@agentmux-account"), "a");
    // The fake Claude writes its live status into $CLAUDE_CONFIG_DIR/sessions/.
    await server.waitFor("a live status file in the account's home", () => existsSync(join(userHome, ".claude-a", "sessions")) && readdirSync(join(userHome, ".claude-a", "sessions")).length > 0);
    assert.equal(readlinkSync(join(userHome, ".claude-a", "settings.json")), join(userHome, ".claude", "settings.json"), "the home was synced first");
  });

  it("an explicit account wins over the rule", async () => {
    const r = await server.cli(["new", "--backend", "claude", "--dir", project, "--account", "b", "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.equal(await option(String(r.stdout).trim(), "@agentmux-account"), "b");
  });

  it("a logged-out account is refused before any window opens", async () => {
    const before = String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout);
    const r = await server.cli(["new", "--backend", "claude", "--dir", project, "--account", "out", "--detached"]);
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /^agentmux: claude account out is logged out: .*\.claude-out\/\.credentials\.json does not exist \(log in with: agentmux account login out\)$/);
    assert.equal(String((await server.tmux(["list-panes", "-a", "-F", "#{pane_id}"])).stdout), before);
  });
});
