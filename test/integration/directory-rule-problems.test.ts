import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { writeConfig } from "../helpers/config.ts";
import { FIXTURE_BIN, TestServer } from "../helpers/tmux-server.ts";

const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-rule-problems-")));

/**
 * A directory rule is checked for the backend it applies to (issue 26, item 3): an `account:` rule
 * naming an account one backend lacks governs the backends that have it, and a rule naming an
 * account its backend lacks refuses only the launches it would govern, told once; list, kill and
 * every unrelated verb keep working.
 */
describe("directory rules that name accounts a backend lacks", () => {
  const server = new TestServer({ HOME: userHome });
  const client = join(userHome, "repos", "client #1");
  const other = join(userHome, "repos", "other");
  const option = async (pane: string, name: string) => String((await server.tmux(["show-option", "-pqv", "-t", pane, name])).stdout);

  before(async () => {
    await server.start();
    for (const d of [client, other]) mkdirSync(d, { recursive: true });
  });
  after(async () => {
    await server.stop();
    rmSync(userHome, { recursive: true, force: true });
  });

  it("an every-backend rule naming claude's account: claude runs under it, codex and the other verbs are untouched", async () => {
    claudeAccounts(server, ["work"], {
      backends: { claude: { accounts: { work: "~/.claude-work" } }, codex: { program: join(FIXTURE_BIN, "codex"), accounts: { cx: "~/.codex-cx" } } },
      directoryRules: [{ dir: client, account: "work" }],
    }, { home: userHome });
    const listed = await server.cli(["list"]);
    assert.equal(listed.exitCode, 0, String(listed.stderr));
    assert.equal(String(listed.stderr), "", "nothing to warn about");
    const r = await server.cli(["new", "--backend", "claude", "--dir", client, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    assert.equal(await option(pane, "@agentmux-account"), "work");
    const c = await server.cli(["new", "--backend", "codex", "--dir", client, "--detached"]);
    assert.equal(c.exitCode, 0, String(c.stderr));
    assert.equal(await option(String(c.stdout).trim(), "@agentmux-account"), "", "codex has no account named work: the rule does not govern it");
    for (const p of [pane, String(c.stdout).trim()]) assert.equal((await server.cli(["kill", p, "--yes"])).exitCode, 0);
  });

  it("a per-backend rule naming an account codex lacks: told once; codex under that directory is refused with the rule; the rest works", async () => {
    writeConfig(server.home, {
      backends: { claude: { accounts: { work: "~/.claude-work" } }, codex: { program: join(FIXTURE_BIN, "codex") } },
      directoryRules: [{ dir: client, codex: "nope" }],
    });
    const first = await server.cli(["list"]);
    assert.equal(first.exitCode, 0, String(first.stderr));
    assert.match(String(first.stderr), /^agentmux: warning: .*config\.yml:\d+:\d+: directoryRules\[0\]\.codex: "nope" is not an account or pool of codex: a codex session started under .*client #1 is refused until it is/m);
    const again = await server.cli(["list", "--json"]);
    assert.equal(again.exitCode, 0);
    assert.doesNotMatch(String(again.stderr), /warning/, "told once");

    const refused = await server.cli(["new", "--backend", "codex", "--dir", client, "--detached"]);
    assert.equal(refused.exitCode, 1, String(refused.stdout));
    assert.match(String(refused.stderr), /directory rule 1 \(.*client #1\) names "nope", which is not declared/);
    // Elsewhere codex starts; a plain command starts anywhere; kill works.
    const elsewhere = await server.cli(["new", "--backend", "codex", "--dir", other, "--detached"]);
    assert.equal(elsewhere.exitCode, 0, String(elsewhere.stderr));
    const plain = await server.cli(["new", "--command", "sleep 600", "--dir", client, "--detached"]);
    assert.equal(plain.exitCode, 0, String(plain.stderr));
    for (const p of [String(elsewhere.stdout).trim(), String(plain.stdout).trim()]) assert.equal((await server.cli(["kill", p, "--yes"])).exitCode, 0);
  });
});
