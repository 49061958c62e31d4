import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeConfig } from "../helpers/config.ts";
import { TestServer } from "../helpers/tmux-server.ts";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";
import { paneOption, waitForState } from "../helpers/agentmux-session.ts";

// A HOME of its own: the account homes sync against a canonical ~/.claude that is not the user's.
const userHome = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-failover-")));

interface Started { pid: number; args: string[]; env: { CLAUDE_CONFIG_DIR?: string } }

/** A pool of two Claude accounts; a session on a hits the rate limit (the fake agent's /ratelimit). */
describe("failover: a rate-limited session and its pool", () => {
  const server = new TestServer({ HOME: userHome });
  const agents = join(server.home, "agents.log");
  const notes = join(server.home, "notes.txt");
  let usage: FakeUsageServer;
  let first = { pane: "", id: "" };
  const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
  const starts = (): Started[] => read(agents).split("\n").filter(Boolean).map((l) => JSON.parse(l) as Started & { event: string }).filter((e) => e.event === "start");
  const configure = (failover: string) => writeConfig(server.home, {
    backends: { claude: { accounts: { a: { home: "~/.claude-a", pool: "team" }, b: { home: "~/.claude-b", pool: "team" } } } },
    accounts: { failover },
    // Polled every 10 s (the least allowed), so a reading can turn limited during a test.
    usage: { interval: 10, claude: { url: usage.url("/claude") } },
    notify: { command: `cat >> ${notes}` },
  });
  const startSession = async (instance: string) => {
    const r = await server.cli(["new", "--backend", "claude", "--account", "a", "--dir", server.work, "--instance", instance, "--detached"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const pane = String(r.stdout).trim();
    await waitForState(server, pane, "idle");
    let id = "";
    await server.waitFor(`${pane}'s native id`, async () => (id = await paneOption(server, pane, "@agentmux-id")) !== "");
    // Both members' readings are in before the limit: the suggestion rests on them.
    const cache = join(server.home, "state", "usage", "readings.json");
    const readings = () => { try { return (JSON.parse(read(cache)) as { records: Array<{ account: string; reading?: unknown }> }).records.filter((r) => r.reading).map((r) => r.account).sort(); } catch { return []; } };
    await server.waitFor("both readings", () => readings().join() === "a,b", 15_000);
    return { pane, id };
  };

  before(async () => {
    usage = await startFakeUsageServer();
    const window = (pct: number) => ({ utilization: pct, resets_at: "2030-01-01T00:00:00Z" });
    usage.answer("/claude tok-a", { status: 200, body: { five_hour: window(60), seven_day: window(30) } });
    usage.answer("/claude tok-b", { status: 200, body: { five_hour: window(10), seven_day: window(20) } });
    await server.start();
    await server.setServerEnv({ FAKE_AGENT_LOG: agents });
    mkdirSync(join(userHome, ".claude"));
    writeFileSync(join(userHome, ".claude", "settings.json"), "{}\n");
    for (const name of ["a", "b"]) {
      mkdirSync(join(userHome, `.claude-${name}`));
      writeFileSync(join(userHome, `.claude-${name}`, ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: `tok-${name}` } }));
    }
    mkdirSync(join(server.home, "config"), { recursive: true });
    configure("notify");
  });
  after(async () => {
    await server.cli(["daemon", "stop"]);
    try { await server.stop(); } finally { await usage.close(); }
    rmSync(userHome, { recursive: true, force: true });
  });

  it("notify: the user is told the best member, once per limit episode; the session stays", async () => {
    first = await startSession("one");
    const { pane } = first;
    const before = starts().length;
    await server.cli(["send", pane, "/ratelimit"]);
    const best = /work:one: claude account a is rate limited; best member of pool team: b \(session 10 %, weekly 20 %\); switch with: agentmux restart work:one --account b/;
    await server.waitFor("the failover notification", () => best.test(read(notes)), 15_000);
    // A second limit in the same episode says nothing more; a turn that ends normally closes it.
    await server.cli(["send", pane, "/ratelimit"]);
    await server.cli(["send", pane, "hello"]);
    await server.waitFor("the turn after", () => read(notes).includes("work:one finished: received: hello"));
    assert.equal(read(notes).split("\n").filter((l) => best.test(l)).length, 1, read(notes));
    assert.equal(starts().length, before, "nothing restarted");
    assert.equal(await paneOption(server, pane, "@agentmux-account"), "a");
    const log = String((await server.cli(["daemon", "logs", "-n", "200"])).stdout);
    assert.match(log, /notify: work:one: claude account a is rate limited; best member of pool team: b/);
  });

  it("auto: the session restarts under the best member, resuming the same conversation, and says so", async () => {
    configure("auto");
    const { pane, id } = await startSession("two");
    const before = starts().length;
    await server.cli(["send", pane, "/ratelimit"]);
    await server.waitFor("the resumed process", () => starts().length > before, 20_000);
    const started = starts().at(-1) as Started;
    const at = started.args.indexOf("--resume");
    assert.ok(at >= 0, JSON.stringify(started.args));
    assert.equal(started.args[at + 1], id);
    assert.equal(started.env.CLAUDE_CONFIG_DIR, join(userHome, ".claude-b"));
    await server.waitFor("the pane under b", async () => (await paneOption(server, pane, "@agentmux-account")) === "b");
    await server.waitFor("the notification", () => read(notes).includes(`work:two: claude account a is rate limited; restarted under b, resuming ${id}`), 15_000);
    await waitForState(server, pane, "idle");
    assert.equal(await paneOption(server, pane, "@agentmux-id"), id);
    await server.cli(["send", pane, "still here"]);
    await server.waitForScreen(pane, /received: still here/);
    assert.equal(starts().length, before + 1, "restarted once");
  });

  it("auto: a reading that turns limited moves an idle session on that account too", async () => {
    const { pane, id } = first;
    assert.equal(await paneOption(server, pane, "@agentmux-account"), "a");
    const before = starts().length;
    usage.answer("/claude tok-a", { status: 200, body: { five_hour: { utilization: 100, resets_at: "2030-01-01T00:00:00Z" }, seven_day: { utilization: 30, resets_at: "2030-01-01T00:00:00Z" } } });
    await server.waitFor("the notification", () => read(notes).includes(`work:one: claude account a reached its usage limit; restarted under b, resuming ${id}`), 30_000);
    assert.equal(await paneOption(server, pane, "@agentmux-account"), "b");
    await server.waitFor("the resumed process", () => starts().length > before);
    const started = starts().at(-1) as Started;
    assert.deepEqual([started.args[started.args.indexOf("--resume") + 1], started.env.CLAUDE_CONFIG_DIR], [id, join(userHome, ".claude-b")]);
  });
});
