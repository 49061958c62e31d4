import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { rankingAsker } from "../../../src/projects/ranking-asker.ts";
import { rankCandidates } from "../../../src/projects/rank.ts";
import { DEFAULT_CONFIG, type Config } from "../../../src/config/config.ts";
import type { Backend, RunnerSupport } from "../../../src/backends/shared/types.ts";
import { BACKENDS } from "../../../src/backends/index.ts";

const ranking = (r: Partial<Config["ranking"]>): Config => ({ ...DEFAULT_CONFIG, ranking: { ...DEFAULT_CONFIG.ranking, ...r } }) as Config;
const AGENTMUX_HOME = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-asker-home-")));
const ENV = { PATH: process.env["PATH"] ?? "/usr/bin:/bin", HOME: tmpdir(), AGENTMUX_HOME };
const RUNS = join(AGENTMUX_HOME, "state", "runs");

describe("ranking.command", () => {
  it("gets the request on stdin, runs in a private directory of its own (never /tmp, where anyone can plant a CLI's hooks), answers its stdout", async () => {
    const ask = rankingAsker({} as Backend, ranking({ command: "pwd; stat -c %a .; tr a-z A-Z" }), ENV);
    const [cwd = "", mode, answer] = (await ask("web, api")).split("\n");
    assert.equal(dirname(cwd), RUNS);
    assert.equal(mode, "700");
    assert.equal(answer, "WEB, API");
    assert.ok(!existsSync(cwd), "removed afterwards");
    assert.notEqual(dirname(cwd), realpathSync(tmpdir()));
  });

  it("a failing command is a rejection with its exit status and first stderr line", async () => {
    const ask = rankingAsker({} as Backend, ranking({ command: "echo 'no model' >&2; exit 3" }), ENV);
    await assert.rejects(ask("x"), /ranking\.command\) failed with exit status 3: no model/);
  });

  it("a slow command is stopped at ranking.timeout, its children too, and the rejection says so", async () => {
    const ask = rankingAsker({} as Backend, ranking({ command: "sleep 5", timeout: 1 }), ENV);
    const started = Date.now();
    await assert.rejects(ask("x"), /took longer than 1 s \(ranking\.timeout\)/);
    assert.ok(Date.now() - started < 3500, `stopped after ${Date.now() - started} ms`);
  });

  it("through rankCandidates a timeout costs only the order", async () => {
    const list = [{ label: "a", directory: "/a", repository: null, description: "x" }, { label: "b", directory: "/b", repository: null, description: null }];
    const out = await rankCandidates(list, "about b", { ask: rankingAsker({} as Backend, ranking({ command: "sleep 5", timeout: 1 }), ENV) });
    assert.deepEqual(out.candidates, list);
    assert.match(out.problem ?? "", /ranking\.timeout/);
  });
});

describe("the backend's runner", () => {
  const fakeRunner = (): RunnerSupport => ({
    args: (_prompt, options) => ({ args: ["--model", options.model ?? "none"], stdin: true }),
    parse: (stdout, exitCode) => (exitCode === 0 ? { ok: true, text: stdout.trim().replace(/^answer: /, ""), costUsd: null, sessionId: null } : { ok: false, text: "model unavailable", costUsd: null, sessionId: null }),
    rankingModel: "small-fast",
  });

  it("runs the backend's program with the runner's args (ranking.model, else the runner's small model), the request on stdin", async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-asker-")));
    try {
      const program = join(dir, "fake cli");
      const log = join(dir, "log");
      writeFileSync(program, `#!/bin/sh\n{ echo "$@"; pwd; cat; } > '${log}'\necho "answer: web"\n`);
      chmodSync(program, 0o755);
      const backend = { name: "claude", label: "Fake", defaultProgram: program, runner: fakeRunner() } as unknown as Backend;
      assert.equal(await rankingAsker(backend, DEFAULT_CONFIG, ENV)("the request"), "web");
      const [args, cwd, request] = readFileSync(log, "utf8").split("\n");
      assert.deepEqual([args, dirname(cwd ?? ""), request], ["--model small-fast", RUNS, "the request"]);
      await rankingAsker(backend, ranking({ model: "chosen" }), ENV)("again");
      assert.match(readFileSync(log, "utf8"), /^--model chosen\n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a failed run, a missing program and a backend without a runner are rejections saying why", async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-asker-")));
    try {
      const program = join(dir, "failing");
      writeFileSync(program, "#!/bin/sh\nexit 2\n");
      chmodSync(program, 0o755);
      const backend = (p: string) => ({ name: "claude", label: "Fake", defaultProgram: p, runner: fakeRunner() }) as unknown as Backend;
      await assert.rejects(rankingAsker(backend(program), DEFAULT_CONFIG, ENV)("x"), /failing failed: model unavailable/);
      await assert.rejects(rankingAsker(backend(join(dir, "absent")), DEFAULT_CONFIG, ENV)("x"), /could not be run/);
      await assert.rejects(rankingAsker({ name: "gemini", label: "Gemini CLI", defaultProgram: "gemini" } as Backend, DEFAULT_CONFIG, ENV)("x"), /Gemini CLI has no non-interactive mode to rank with: set ranking.command/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the real runners (the fake claude and codex of test/fixtures/bin)", () => {
  const bin = join(import.meta.dirname, "..", "..", "fixtures", "bin");
  for (const name of ["claude", "codex"] as const) {
    const backend = BACKENDS[name];
    it(`${name}: one non-interactive run with the ranking model, in a private directory, without the project's settings`, async () => {
      const dir = realpathSync(mkdtempSync(join(tmpdir(), "agentmux-asker-")));
      try {
        const log = join(dir, "log");
        const env = { ...ENV, PATH: `${bin}:${ENV.PATH}`, FAKE_AGENT_LOG: log, CODEX_HOME: join(dir, "codex"), CLAUDE_CONFIG_DIR: join(dir, "claude") };
        const answer = await rankingAsker(backend, ranking({ model: "tiny" }), env)("Which project?\n- a\n- b\n");
        assert.equal(answer, "received: Which project?");
        const run = readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { event: string; args: string[]; cwd: string; prompt: string }).find((e) => e.event === "print");
        assert.ok(run, "the fake CLI ran non-interactively");
        assert.equal(dirname(run.cwd), RUNS);
        assert.ok(run.args.includes("tiny"), run.args.join(" "));
        if (name === "claude") assert.match(run.args.join(" "), /--setting-sources user/);
        assert.match(run.prompt, /- b/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
