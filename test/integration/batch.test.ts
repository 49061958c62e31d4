import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { claudeAccounts } from "../helpers/account-homes.ts";
import { writeConfig } from "../helpers/config.ts";
import { makeFifo } from "../helpers/fifo.ts";

interface PrintRun { name: string; args: string[]; prompt: string; cwd: string; env: { CLAUDE_CONFIG_DIR?: string; CODEX_HOME?: string; AGENTMUX_TOKEN?: string } }
interface SummaryJson { kind: string; backend: string; stopped: boolean; runDir: string; entries: Array<{ number: number; title: string; status: string; costUsd: number | null; firstLine: string; outputFile: string | null }>; totals: Record<string, number | null> }

// `agentmux batch` and `audit` against the fake agent's claude -p / codex exec (test/fixtures/bin/fake-print.js).
describe("batch and audit: TODO entries and audit skills through the non-interactive runner", () => {
  const server = new TestServer();
  const log = join(server.home, "agents.log");
  const project = join(server.work, "my project #1 'ü'");
  const runsDir = join(server.home, "state", "batch");
  const runs = (): PrintRun[] => {
    try {
      return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as PrintRun & { event: string }).filter((e) => e.event === "print");
    } catch {
      return [];
    }
  };
  const runDirs = (): string[] => (existsSync(runsDir) ? readdirSync(runsDir).sort() : []);
  const lastSummary = (): SummaryJson => JSON.parse(readFileSync(join(runsDir, runDirs().at(-1) ?? "none", "summary.json"), "utf8")) as SummaryJson;
  const todo = join(project, "TODO.md");
  let home = "";

  before(() => {
    mkdirSync(project, { recursive: true });
    server.env["FAKE_AGENT_LOG"] = log;
    server.env["FAKE_PRINT_SLOW_MS"] = "1500";
    home = claudeAccounts(server, ["a"], {});
    writeFileSync(todo, [
      "# Now",
      "- [ ] Fix the parser",
      "  It drops the last line.",
      "- [x] Done already",
      "- [ ] /fail on purpose",
      "# Later",
      "- [ ] Write the docs",
      "",
    ].join("\n"));
  });
  after(() => server.stop());

  it("runs every entry, writes the numbered outputs and summary.json, prints the table, and exits non-zero on a failure", async () => {
    writeConfig(server.home, {});
    const before = runs().length;
    const r = await server.cli(["batch", todo, "--dir", project, "--backend", "claude", "--yes"]);
    assert.equal(r.exitCode, 1, String(r.stderr));
    const printed = runs().slice(before);
    assert.equal(printed.length, 3);
    for (const run of printed) {
      assert.deepEqual(run.args, ["-p", "--output-format", "json", "--permission-mode", "auto", "--max-turns", "30"]);
      assert.equal(realpathSync(run.cwd), realpathSync(project));
    }
    assert.deepEqual(printed.map((p) => p.prompt).sort(), ["/fail on purpose", "Fix the parser\n\nIt drops the last line.", "Write the docs"]);
    const out = String(r.stdout);
    assert.match(out, /^ 1 {2}Fix the parser\s+done\s+\d+\.\ds\s+\$0\.0012 {2}received: Fix the parser$/m);
    assert.match(out, /^ 2 {2}\/fail on purpose\s+failed\s+\S+\s+\$0\.0000 {2}API Error: 400 fake failure on purp/m);
    assert.match(out, /^3 entries: 2 done, 1 failed · \S+ · cost \$0\.0024$/m);
    const summary = lastSummary();
    assert.equal(summary.kind, "batch");
    assert.deepEqual(summary.entries.map((e) => [e.status, e.outputFile]), [["done", "001.json"], ["failed", "002.json"], ["done", "003.json"]]);
    assert.match(out, new RegExp(`outputs: ${summary.runDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    const raw = JSON.parse(readFileSync(join(summary.runDir, "001.json"), "utf8")) as { type: string; result: string };
    assert.equal(raw.type, "result");
    assert.equal(raw.result, "received: Fix the parser");
    assert.match(String(r.stderr), /done .*Fix the parser — received: Fix the parser/);
  });

  it("passes the configured batch options and runs under the account's home", async () => {
    writeConfig(server.home, {
      backends: { claude: { accounts: { a: { home: "~/.claude-a" } } } },
      usage: { claude: { url: "http://127.0.0.1:9/none" } },
      batch: { permissionMode: "acceptEdits", maxTurns: 4, allowedTools: ["Read", "Bash(git:*)"], model: "haiku", appendSystemPrompt: "Be brief." },
    });
    const before = runs().length;
    const r = await server.cli(["batch", todo, "--dir", project, "--backend", "claude", "--account", "a", "--lines", "6-7"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const [run] = runs().slice(before);
    assert.ok(run);
    assert.deepEqual(run.args, ["-p", "--output-format", "json", "--permission-mode", "acceptEdits", "--max-turns", "4", "--allowedTools", "Read,Bash(git:*)", "--model", "haiku", "--append-system-prompt", "Be brief."]);
    assert.equal(run.env.CLAUDE_CONFIG_DIR, join(home, ".claude-a"));
    assert.equal(run.prompt, "Write the docs");
    assert.equal(run.env.AGENTMUX_TOKEN, undefined);
  });

  it("runs through codex exec --json: the last agent message, and a dash for the cost", async () => {
    writeConfig(server.home, {});
    const before = runs().length;
    const r = await server.cli(["batch", todo, "--dir", project, "--backend", "codex", "--heading", "Later", "--yes", "--json"]);
    assert.equal(r.exitCode, 0, String(r.stderr));
    const [run] = runs().slice(before);
    assert.deepEqual(run?.args, ["exec", "--json", "--skip-git-repo-check", "-s", "workspace-write", "-"]);
    const summary = JSON.parse(String(r.stdout)) as SummaryJson;
    assert.equal(summary.backend, "codex");
    assert.deepEqual(summary.entries.map((e) => [e.title, e.status, e.costUsd, e.firstLine]), [["Write the docs", "done", null, "received: Write the docs"]]);
    assert.equal(summary.totals["costUsd"], null);
    assert.match(readFileSync(join(summary.runDir, "001.json"), "utf8"), /^\{"type":"thread\.started"/);
  });

  it("without a terminal and without --yes it refuses before anything runs", async () => {
    const dirs = runDirs().length;
    const before = runs().length;
    const r = await server.cli(["batch", todo, "--dir", project, "--backend", "claude"]);
    assert.notEqual(r.exitCode, 0);
    assert.match(String(r.stderr), /no terminal to ask at/);
    assert.match(String(r.stderr), /--yes/);
    assert.equal(runs().length, before);
    assert.equal(runDirs().length, dirs);
  });

  it("names bad input: no entries in scope, an unknown heading, a bad range, a missing file", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["--lines", "3-4"], /no open TODO entries .* within the given scope/],
      [["--heading", "Nowhere"], /no heading "Nowhere"/],
      [["--lines", "9-2"], /--lines "9-2" is not a line range/],
      [["--concurrency", "0"], /--concurrency "0" is not a number from 1 to 64/],
    ];
    for (const [extra, pattern] of cases) {
      const r = await server.cli(["batch", todo, "--dir", project, "--yes", ...extra]);
      assert.notEqual(r.exitCode, 0, extra.join(" "));
      assert.match(String(r.stderr), pattern);
    }
    const missing = await server.cli(["batch", join(project, "missing.md"), "--yes"]);
    assert.notEqual(missing.exitCode, 0);
    assert.match(String(missing.stderr), /cannot read .*missing\.md: ENOENT/);
  });

  it("a TODO file that is a FIFO is refused at once, saying so; nothing runs", async () => {
    const before = runs().length;
    const fifo = join(project, "fifo.md");
    const stop = makeFifo(fifo);
    try {
      const r = await server.cli(["batch", fifo, "--dir", project, "--yes"]);
      assert.notEqual(r.exitCode, 0);
      assert.match(String(r.stderr), new RegExp(`the TODO file ${fifo.replace(/[^\w/]/g, "\\$&")} is a FIFO, not a regular file`));
      assert.equal(runs().length, before);
    } finally {
      stop();
    }
  });

  it("Ctrl-C stops the queue: the running entry finishes, the rest are not run, the summary is written", async () => {
    writeConfig(server.home, {});
    const slow = join(project, "slow.org");
    writeFileSync(slow, "* TODO /slow first\n* TODO /slow second\n* TODO third\n");
    const child = execa("node", [CLI, "-L", server.name, "batch", slow, "--dir", project, "--backend", "claude", "--yes"], { env: server.env, extendEnv: false, reject: false, cwd: server.work });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    await server.waitFor("the first entry running", () => /running .*\/slow first/.test(stderr), 15_000);
    child.kill("SIGINT");
    const r = await child;
    assert.equal(r.exitCode, 130, stderr);
    assert.match(stderr, /stopping: nothing more starts, running entries finish/);
    const summary = lastSummary();
    assert.equal(summary.stopped, true);
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "skipped", "skipped"]);
    assert.match(String(r.stdout), /3 entries: 1 done, 0 failed, 2 not run .* stopped by Ctrl-C/);
  });

  it("audit: refuses without audit.skills, then runs each skill as a prompt, one after another", async () => {
    writeConfig(server.home, {});
    const none = await server.cli(["audit", project, "--yes"]);
    assert.notEqual(none.exitCode, 0);
    assert.match(String(none.stderr), /audit\.skills/);
    writeConfig(server.home, { audit: { skills: ["security-review", "fail"] } });
    const before = runs().length;
    const r = await server.cli(["audit", project, "--backend", "codex", "--yes"]);
    assert.equal(r.exitCode, 1, String(r.stderr));
    assert.deepEqual(runs().slice(before).map((p) => p.prompt), ["$security-review", "$fail"]);
    const summary = lastSummary();
    assert.equal(summary.kind, "audit");
    assert.match(summary.runDir, /-audit$/);
    assert.deepEqual(summary.entries.map((e) => [e.title, e.status]), [["$security-review", "done"], ["$fail", "failed"]]);
    const claude = await server.cli(["audit", project, "--backend", "claude", "--yes"]);
    assert.equal(claude.exitCode, 1);
    assert.deepEqual(runs().slice(-2).map((p) => p.prompt), ["/security-review", "/fail"]);
  });
});
