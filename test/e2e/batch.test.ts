import { after, before, describe, it, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { CLI, TestServer } from "../helpers/tmux-server.ts";
import { writeConfig } from "../helpers/config.ts";
import { claudeEnv, findClaude, seedClaudeHome } from "./claude-home.ts";
import { codexEnv, findCodex, seedCodexHome } from "./codex-home.ts";
import { startFakeAnthropic, type FakeAnthropic } from "./fake-anthropic.ts";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai.ts";
import { HELLO } from "./fake-model.ts";

interface SummaryJson {
  stopped: boolean;
  runDir: string;
  entries: Array<{ title: string; status: string; costUsd: number | null; firstLine: string; outputFile: string | null; sessionId: string | null; exitCode: number | null }>;
  totals: { costUsd: number | null; failed: number; done: number };
}

const claude = findClaude();
const codex = findCodex();
const RUN_TIMEOUT = 180_000;

/** `agentmux batch` as a process of its own, its progress (stderr) collected as it comes. */
function startBatch(server: TestServer, env: Record<string, string | undefined>, args: string[]) {
  const child = execa("node", [CLI, "-L", server.name, "batch", ...args], { env: { ...server.env, ...env }, extendEnv: false, reject: false, cwd: server.work, timeout: RUN_TIMEOUT });
  const progress = { text: "" };
  child.stderr?.on("data", (d: Buffer) => (progress.text += d.toString()));
  return { child, progress };
}

const summaryOf = (stdout: string): SummaryJson => JSON.parse(stdout) as SummaryJson;
const summaryFile = (s: SummaryJson): SummaryJson => JSON.parse(readFileSync(join(s.runDir, "summary.json"), "utf8")) as SummaryJson;

// `agentmux batch` through the real `claude -p --output-format json` against the fake Anthropic API.
describe("batch with the real Claude Code (claude -p) against a fake Anthropic API", () => {
  let fake: FakeAnthropic | undefined;
  let server: TestServer | undefined;
  let project = "";
  let env: Record<string, string | undefined> = {};
  const ready = (t: TestContext): TestServer | undefined => {
    if (claude.bin !== null) return server;
    t.skip(`Claude Code is not available: ${claude.reason}`);
    return undefined;
  };

  before(async () => {
    if (claude.bin === null) return;
    fake = await startFakeAnthropic({ port: 0, timing: { longMs: 25_000 } });
    server = new TestServer({ PATH: `${claude.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    project = join(server.home, "project #1");
    mkdirSync(project, { recursive: true });
    const configDir = join(server.home, "claude-config");
    seedClaudeHome(configDir, { projects: [project], apiKey: "dummy", version: claude.version });
    env = { ...claudeEnv(configDir, fake.url), HOME: join(server.home, "home") };
    mkdirSync(join(server.home, "home"), { recursive: true });
    writeConfig(server.home, {});
  });
  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });

  it("runs two at a time: the JSON result and its cost, a failing entry, a slow one that does not hold up the rest", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] E2E_LONG take your time\n- [ ] Say hello\n- [ ] E2E_ERR fail this one\n- [ ] Say hello again\n");
    const { child, progress } = startBatch(s, env, [todo, "--dir", project, "--backend", "claude", "--concurrency", "2", "--yes", "--json"]);
    const r = await child;
    assert.equal(r.exitCode, 1, progress.text);
    const summary = summaryOf(String(r.stdout));
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "done", "failed", "done"], progress.text);
    const hello = summary.entries[1];
    assert.equal(hello?.firstLine, HELLO);
    assert.equal(typeof hello?.costUsd, "number", "claude -p reports total_cost_usd");
    assert.match(hello?.sessionId ?? "", /^[0-9a-f-]{36}$/);
    assert.match(summary.entries[2]?.firstLine ?? "", /400|E2E fake bad request/);
    assert.notEqual(summary.entries[2]?.exitCode, 0);
    const raw = JSON.parse(readFileSync(join(summary.runDir, hello?.outputFile ?? ""), "utf8")) as Record<string, unknown>;
    assert.equal(raw["type"], "result");
    assert.equal(raw["subtype"], "success");
    assert.equal(raw["result"], HELLO);
    assert.equal(typeof raw["total_cost_usd"], "number");
    // The quick entries ran beside the slow one and ended before it.
    const doneAt = (title: string) => progress.text.search(new RegExp(`done .*${title}`));
    assert.ok(doneAt("Say hello again") >= 0 && doneAt("Say hello again") < doneAt("E2E_LONG"), progress.text);
    assert.deepEqual(summaryFile(summary), summary);
    assert.deepEqual(readdirSync(summary.runDir).sort(), ["001.json", "002.json", "003.json", "004.json", "summary.json"]);
  });

  it("Ctrl-C mid-run: the running entry finishes, nothing more starts, the summary is still written", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "stop.org");
    writeFileSync(todo, "* TODO E2E_LONG first\n* TODO Say hello\n");
    const { child, progress } = startBatch(s, env, [todo, "--dir", project, "--backend", "claude", "--yes", "--json"]);
    await s.waitFor("the first entry running", () => /running .*E2E_LONG first/.test(progress.text), 60_000);
    await s.waitFor("the fake model answering it", () => (fake?.requests ?? []).some((q) => JSON.stringify(q.body).includes("E2E_LONG first")), 60_000);
    child.kill("SIGINT");
    const r = await child;
    assert.equal(r.exitCode, 130, progress.text);
    const summary = summaryOf(String(r.stdout));
    assert.equal(summary.stopped, true);
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "skipped"], progress.text);
    assert.equal(summaryFile(summary).stopped, true);
  });
});

// `agentmux batch` through the real `codex exec --json` against the fake Responses API.
describe("batch with the real Codex (codex exec --json) against a fake OpenAI Responses API", () => {
  let fake: FakeOpenAI | undefined;
  let server: TestServer | undefined;
  let project = "";
  let env: Record<string, string | undefined> = {};
  const ready = (t: TestContext): TestServer | undefined => {
    if (codex.bin !== null) return server;
    t.skip(`Codex is not available: ${codex.reason}`);
    return undefined;
  };

  before(async () => {
    if (codex.bin === null) return;
    fake = await startFakeOpenAI({ port: 0, slowMs: 20_000, thinkMs: 1_000 });
    server = new TestServer({ PATH: `${codex.dir}:${process.env["PATH"] ?? "/usr/bin:/bin"}` });
    project = join(server.home, "project #2");
    mkdirSync(project, { recursive: true });
    const serverCodexHome = join(server.home, "codex-home");
    seedCodexHome(serverCodexHome, { projects: [project], providerUrl: fake.url });
    env = { ...codexEnv(serverCodexHome), HOME: join(server.home, "home") };
    mkdirSync(join(server.home, "home"), { recursive: true });
    writeConfig(server.home, {});
  });
  after(async () => {
    try { await server?.stop(); } finally { await fake?.close(); }
  });

  it("runs two at a time: the last agent message, no cost, a failing entry, a slow one", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "TODO.md");
    writeFileSync(todo, "- [ ] E2E_SLOW take your time\n- [ ] Say hello\n- [ ] E2E_429 fail this one\n");
    const { child, progress } = startBatch(s, env, [todo, "--dir", project, "--backend", "codex", "--concurrency", "2", "--yes", "--json"]);
    const r = await child;
    assert.equal(r.exitCode, 1, progress.text);
    const summary = summaryOf(String(r.stdout));
    assert.deepEqual(summary.entries.map((e) => e.status), ["done", "done", "failed"], progress.text);
    assert.equal(summary.entries[1]?.firstLine, HELLO);
    assert.deepEqual(summary.entries.map((e) => e.costUsd), [null, null, null], "codex exec reports no cost");
    assert.equal(summary.totals.costUsd, null);
    assert.match(summary.entries[1]?.sessionId ?? "", /^[0-9a-f-]{36}$/);
    assert.match(summary.entries[2]?.firstLine ?? "", /usage limit|429/i);
    const raw = readFileSync(join(summary.runDir, "002.json"), "utf8");
    assert.match(raw, /"type":"thread\.started"/);
    assert.match(raw, /"type":"turn\.completed"/);
    const doneAt = (title: string) => progress.text.search(new RegExp(`(done|failed) .*${title}`));
    assert.ok(doneAt("Say hello") >= 0 && doneAt("Say hello") < doneAt("E2E_SLOW"), progress.text);
  });

  it("a second Ctrl-C ends the running entry; the summary is still written", async (t) => {
    const s = ready(t);
    if (!s) return;
    const todo = join(project, "stop.md");
    writeFileSync(todo, "- [ ] E2E_SLOW first\n- [ ] Say hello\n");
    const { child, progress } = startBatch(s, env, [todo, "--dir", project, "--backend", "codex", "--yes", "--json"]);
    await s.waitFor("the fake model answering the first entry", () => (fake?.requests ?? []).some((q) => JSON.stringify(q.body).includes("E2E_SLOW first")), 60_000);
    child.kill("SIGINT");
    await s.waitFor("the stop notice", () => /stopping/.test(progress.text), 10_000);
    child.kill("SIGINT");
    const r = await child;
    assert.equal(r.exitCode, 1, progress.text);
    const summary = summaryOf(String(r.stdout));
    assert.equal(summary.stopped, true);
    assert.deepEqual(summary.entries.map((e) => [e.status, e.firstLine]), [["failed", "stopped (Ctrl-C)"], ["skipped", ""]], progress.text);
    assert.equal(summaryFile(summary).stopped, true);
  });
});
