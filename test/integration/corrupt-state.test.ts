import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { TestServer } from "../helpers/tmux-server.ts";

/** The `<name>.agentmux-corrupt-<YYYYMMDD-HHMMSS>` siblings of a state file. */
const keptCopies = (file: string): string[] => readdirSync(join(file, "..")).filter((n) => n.startsWith(`${file.split("/").pop() ?? ""}.agentmux-corrupt-`));

describe("a corrupt state file stops the command that would decide with it, naming the kept copy", () => {
  const server = new TestServer();
  const state = join(server.home, "state");
  before(async () => {
    claudeAccounts(server, ["work"], { backends: { claude: { accounts: { work: join(server.home, "home", ".claude-work") } } } });
    await server.start();
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    await server.stop();
  });

  it("new with a truncated selection.json fails naming both files; the next run starts clean", async () => {
    const file = join(state, "accounts", "selection.json");
    mkdirSync(join(state, "accounts"), { recursive: true });
    writeFileSync(file, '{"selected": {"claude": "wo');
    const r = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--detached"]);
    assert.equal(r.exitCode, 1, String(r.stdout));
    const [kept] = keptCopies(file);
    assert.ok(kept, "kept aside");
    assert.equal(readFileSync(join(state, "accounts", kept), "utf8"), '{"selected": {"claude": "wo');
    assert.match(String(r.stderr), new RegExp(`${file} is corrupt .*kept it as ${join(state, "accounts", kept)}.*agentmux account select`));
    assert.equal(String(r.stdout), "", "nothing started");
    const again = await server.cli(["new", "--backend", "claude", "--dir", server.work, "--detached"]);
    assert.equal(again.exitCode, 0, String(again.stderr));
  });

  it("restore --all with a truncated registry.json exits non-zero naming the kept file (not 'nothing to restore')", async () => {
    const file = join(state, "registry.json");
    await server.waitFor("the daemon recorded the session", () => existsSync(file));
    writeFileSync(file, '{"servers": [{"socket": "/tmp/x", "server": "1:2", "sessions": [{"id": "ab');
    const r = await server.cli(["restore", "--all"]);
    assert.notEqual(r.exitCode, 0);
    assert.doesNotMatch(String(r.stdout), /nothing to restore/);
    const [kept] = keptCopies(file);
    assert.ok(kept);
    assert.match(String(r.stderr), new RegExp(`registry\\.json is corrupt .*kept it as ${join(state, kept)}`));
  });
});
