import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { startFakeUsageServer, type FakeUsageServer } from "../helpers/fake-usage-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { CLI } from "../helpers/tmux-server.ts";

const OK = (session: number, weekly: number) => ({
  status: 200,
  body: { five_hour: { utilization: session, resets_at: new Date(Date.now() + 3_600_000).toISOString() }, seven_day: { utilization: weekly, resets_at: new Date(Date.now() + 86_400_000 * 3).toISOString() } },
});

/** A temporary HOME and AGENTMUX_HOME with a config declaring accounts, and the built CLI run against them. */
function sandbox(server: FakeUsageServer) {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-account-cli-")));
  const agentmuxHome = join(home, "agentmux");
  const env: Record<string, string> = {};
  // Never the user's tmux server: inside tmux, account login would open its popup there.
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("AGENTMUX_") && !["CLAUDE_CONFIG_DIR", "CODEX_HOME", "TMUX", "TMUX_PANE"].includes(k)) env[k] = v;
  Object.assign(env, { HOME: home, AGENTMUX_HOME: agentmuxHome });
  const tokens: Record<string, string> = { "work-a": "tok-a", "work-b": "tok-b" };
  for (const [name, token] of Object.entries(tokens)) {
    mkdirSync(join(home, `.claude-${name}`), { recursive: true });
    writeFileSync(join(home, `.claude-${name}`, ".credentials.json"), JSON.stringify({ claudeAiOauth: { accessToken: token } }));
  }
  mkdirSync(join(home, ".claude", "skills"), { recursive: true });
  writeFileSync(join(home, ".claude", "settings.json"), "{}\n");
  mkdirSync(join(home, "repos", "oss"), { recursive: true });
  mkdirSync(join(agentmuxHome, "config"), { recursive: true });
  // `codex login` writes a ChatGPT login into CODEX_HOME; under the "bad" account it fails.
  mkdirSync(join(home, "bin"));
  writeFileSync(join(home, "bin", "fake-codex"), [
    "#!/bin/sh",
    '[ "$1" = login ] || exit 64',
    'case "$CODEX_HOME" in *bad) echo "login failed" >&2; exit 3;; esac',
    `printf '{"tokens":{"access_token":"t","account_id":"x"}}' > "$CODEX_HOME/auth.json"`,
    'echo "Successfully logged in"',
  ].join("\n"));
  chmodSync(join(home, "bin", "fake-codex"), 0o755);
  writeConfig(agentmuxHome, {
    backends: {
      claude: { accounts: { personal: "~/.claude-personal", "work-a": { home: "~/.claude-work-a", pool: "work", team: "blue" }, "work-b": { home: "~/.claude-work-b", pool: "work" } } },
      codex: { program: join(home, "bin", "fake-codex"), accounts: { cx: "~/.codex-cx", bad: "~/.codex-bad" } },
    },
    directoryRules: [{ dir: "~/repos/oss", claude: "personal" }],
    usage: { claude: { url: server.url("/claude") } },
  });
  const run = (args: string[], cwd = home) => execa("node", [CLI, ...args], { env, extendEnv: false, reject: false, cwd });
  return { home, agentmuxHome, run };
}

describe("agentmux account and usage", () => {
  let server: FakeUsageServer;
  before(async () => { server = await startFakeUsageServer(); });
  after(async () => { await server.close(); });

  it("account list shows every account with its pool, home, login and extra properties", async () => {
    const box = sandbox(server);
    const r = await box.run(["account", "list", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const rows = JSON.parse(String(r.stdout)) as Array<Record<string, unknown>>;
    assert.deepEqual(rows.map((x) => [x["backend"], x["name"], x["pool"], x["loggedIn"], x["selected"]]), [
      ["claude", "personal", null, false, null], ["claude", "work-a", "work", true, null], ["claude", "work-b", "work", true, null],
      ["codex", "cx", null, false, null], ["codex", "bad", null, false, null],
    ]);
    assert.deepEqual(rows[1]?.["properties"], { team: "blue" });
    const table = await box.run(["account", "list"]);
    assert.match(String(table.stdout), /^ACCOUNT\s+POOL\s+HOME\s+LOGIN\s+SELECTED\s+USAGE\n/);
    assert.match(String(table.stdout), /claude\/personal\s+-\s+\S+\.claude-personal\s+no/);
  });

  it("account init creates a home with shared state linked; sync repairs it", async () => {
    const box = sandbox(server);
    const r = await box.run(["account", "init", "personal"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    assert.match(String(r.stdout), /^claude account personal \(.*\.claude-personal\): linked settings\.json, .*skills.* from .*\.claude; created /);
    assert.equal(readlinkSync(join(box.home, ".claude-personal", "settings.json")), join(box.home, ".claude", "settings.json"));
    const sync = await box.run(["account", "sync", "personal"]);
    assert.match(String(sync.stdout), /shared state already linked/);
    const missing = await box.run(["account", "sync", "nobody"]);
    assert.equal(missing.exitCode, 1);
    assert.match(String(missing.stderr), /^agentmux: no account "nobody" \(declare it under/);
  });

  it("usage --refresh fetches every account; usage --json and the table read the cache; route compares the readings", async () => {
    const box = sandbox(server);
    server.answer("/claude", OK(70, 30));
    const select = await box.run(["account", "select", "claude", "work"]);
    assert.equal(select.exitCode, 0, String(select.stderr));
    assert.match(String(select.stdout), /^claude: selected pool work \(work-a, work-b; synced\)/);
    assert.ok(lstatSync(join(box.home, ".claude-work-b", "skills")).isSymbolicLink(), "selecting a pool syncs every member");
    // work-a answers 70 %, work-b 20 %; personal has no credentials.
    server.answer("/claude", OK(70, 30), OK(20, 10));
    const refresh = await box.run(["usage", "--refresh", "--json"]);
    const calls = server.requests.filter((q) => q.path === "/claude").length;
    assert.equal(refresh.exitCode, 0, String(refresh.stderr));
    const rows = JSON.parse(String(refresh.stdout)) as Array<Record<string, unknown>>;
    const byName = Object.fromEntries(rows.map((x) => [x["account"], x]));
    assert.match(String(byName["personal"]?.["error"]), /^not logged in/);
    assert.deepEqual([byName["work-a"]?.["sessionPct"], byName["work-b"]?.["sessionPct"]].sort(), [20, 70]);
    assert.ok(calls >= 2);
    assert.ok(existsSync(join(box.agentmuxHome, "state", "usage", "readings.json")));
    const table = await box.run(["usage"]);
    assert.match(String(table.stdout), /claude\/work-[ab]\s+work\s+\d+%\s+\d+%\s+[█░]{10}\s+in \d+d/);
    const route = await box.run(["account", "route", "claude", "--json"]);
    assert.equal(route.exitCode, 0, String(route.stderr));
    const decision = JSON.parse(String(route.stdout)) as { pool: string; chosen: string; members: Array<{ name: string; sessionPct: number }> };
    const best = decision.members.reduce((a, b) => (a.sessionPct <= b.sessionPct ? a : b));
    assert.deepEqual([decision.pool, decision.chosen], ["work", best.name]);
    const text = await box.run(["account", "route", "claude", "work"]);
    assert.match(String(text.stdout), new RegExp(`^claude pool work → ${best.name}: the lowest usage`));
    assert.match(String(text.stdout), /MEMBER\s+STATUS\s+SCORE\s+SESSION\s+WEEKLY\s+AGE/);
  });

  it("route in a directory whose rule names an account is an error that says so", async () => {
    const box = sandbox(server);
    const r = await box.run(["account", "route", "claude"], join(box.home, "repos", "oss"));
    assert.equal(r.exitCode, 1);
    assert.match(String(r.stderr), /^agentmux: "personal" \(directory rule for .*repos\/oss\) is a claude account, not a pool: nothing to route/);
    const none = await box.run(["account", "route", "claude"]);
    assert.match(String(none.stderr), /no pool applies to claude here: no directory rule and no selection \(name one: agentmux account route claude POOL\)/);
    const gemini = await box.run(["account", "route", "gemini"]);
    assert.match(String(gemini.stderr), /^agentmux: gemini does not run under accounts \(accounts work for claude and codex\)/);
  });

  it("account login runs the CLI's login with the account's home; failure and success are reported", async () => {
    const box = sandbox(server);
    const ok = await box.run(["account", "login", "cx"]);
    assert.equal(ok.exitCode, 0, String(ok.stderr));
    assert.match(String(ok.stdout), /Successfully logged in\ncodex account cx: logged in \(.*\.codex-cx\)$/);
    assert.deepEqual(JSON.parse(readFileSync(join(box.home, ".codex-cx", "auth.json"), "utf8")).tokens.account_id, "x");
    const bad = await box.run(["account", "login", "bad"]);
    assert.equal(bad.exitCode, 1);
    assert.match(String(bad.stderr), /agentmux: logging in codex account bad failed: CODEX_HOME=.*\.codex-bad .*fake-codex login exited with 3 \(run agentmux account login bad again\)/);
  });
});
