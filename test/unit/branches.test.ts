import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeLineage, claudeProjectName } from "../../src/backends/claude/lineage.ts";
import { codexLineage } from "../../src/backends/codex/lineage.ts";
import { LINEAGE_SCAN_LIMIT } from "../../src/backends/shared/lineage-scan.ts";
import type { LineagePair } from "../../src/backends/shared/types.ts";
import { DEFAULT_CONFIG, type Config } from "../../src/config/config.ts";
import { branchCount, countDescendants, type BranchSubject } from "../../src/lifecycle/branches.ts";
import { headLines } from "../../src/util/head-lines.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-branches-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
};

describe("countDescendants", () => {
  const p = (id: string, parent: string): LineagePair => ({ id, parent });
  const rows: Array<[string, LineagePair[], number]> = [
    ["no pairs", [], 0],
    ["only unrelated forks", [p("b", "a"), p("c", "b")], 0],
    ["direct forks", [p("f1", "x"), p("f2", "x"), p("u", "y")], 2],
    ["forks of forks", [p("f1", "x"), p("f2", "f1"), p("f3", "f2"), p("u", "y")], 3],
    ["a fork listed twice counts once", [p("f1", "x"), p("f1", "x")], 1],
    ["a cycle back to the session", [p("f1", "x"), p("x", "f1")], 1],
    ["a cycle among descendants", [p("f1", "x"), p("f2", "f1"), p("f1", "f2")], 2],
    ["the session's own parent is not a branch", [p("x", "parent"), p("sibling", "parent")], 0],
  ];
  for (const [what, pairs, expected] of rows) {
    it(what, () => assert.equal(countDescendants(pairs, "x"), expected));
  }
});

describe("headLines", () => {
  it("reads the first line whole however long, and no cut line", () => {
    const long = "a".repeat(200_000);
    const file = join(tmp, "head.txt");
    writeFileSync(file, `${long}\nsecond\nthird`);
    assert.deepEqual(headLines(file, 2, 1 << 20), [long, "second"]);
    assert.deepEqual(headLines(file, 5, 1 << 20), [long, "second", "third"]);
    assert.deepEqual(headLines(file, 5, 1000), [], "a first line longer than the limit is not returned cut");
  });
});

describe("Claude Code lineage (transcripts of the session's project directory)", () => {
  const config = join(tmp, "claude");
  const dir = "/home/me/src/my.app";
  const project = join(config, "projects", claudeProjectName(dir));
  const forkOf = (id: string) => ({ type: "user", sessionId: "ignored", forkedFrom: { sessionId: id, messageUuid: "m1" } });
  write(join(project, "x.jsonl"), jsonl({ type: "user", sessionId: "x" }));
  // A first line far longer than one read (a queued prompt), the fork on the second record.
  write(join(project, "f1.jsonl"), jsonl({ type: "summary", summary: "s".repeat(300_000) }, forkOf("x")));
  write(join(project, "f2.jsonl"), jsonl("{not json", forkOf("f1")));
  write(join(project, "unrelated.jsonl"), jsonl({ type: "user" }, forkOf("someone-else")));
  write(join(project, "corrupt.jsonl"), "\u0000\u0001 garbage\n{\"forkedFrom\":");
  write(join(project, "late.jsonl"), jsonl({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, forkOf("x")));
  // Subagent transcripts live in a folder per session: not branches.
  write(join(project, "x", "subagents", "agent-1.jsonl"), jsonl(forkOf("x")));
  // Another project directory is not where this session's branches are.
  write(join(config, "projects", claudeProjectName("/home/me/src/other"), "elsewhere.jsonl"), jsonl(forkOf("x")));
  const place = { dir, since: null, env: { CLAUDE_CONFIG_DIR: config } };

  it("escapes every character outside [a-zA-Z0-9]", () => {
    assert.equal(claudeProjectName("/home/me/src/my.app_1"), "-home-me-src-my-app-1");
  });

  it("finds the forks and forks of forks of the session, nothing else (2)", () => {
    const pairs = claudeLineage(place);
    assert.ok(pairs);
    assert.deepEqual(pairs.map((q) => `${q.id}<${q.parent}`).sort(), ["f1<x", "f2<f1", "unrelated<someone-else"]);
    assert.equal(countDescendants(pairs, "x"), 2);
  });

  it("`--fork-session` forks (Claude 2.1.197: no parent named, the first message copied after records of their own)", () => {
    // The shapes the real CLI wrote (checked against claude -p … --resume ID --fork-session).
    const copyDir = "/home/me/src/copied";
    const d = join(config, "projects", claudeProjectName(copyDir));
    const first = (sessionId: string) => ({ parentUuid: null, isSidechain: false, type: "user", message: { role: "user", content: "say hello" }, uuid: "u-root", timestamp: "2026-11-29T18:35:31.827Z", sessionId });
    const queued = (sessionId: string, timestamp: string) => ({ type: "queue-operation", operation: "enqueue", timestamp, sessionId, content: "x" });
    write(join(d, "orig.jsonl"), jsonl(queued("orig", "2026-11-29T18:35:31.771Z"), first("orig")));
    write(join(d, "fork1.jsonl"), jsonl({ type: "mode", mode: "normal", sessionId: "fork1" }, queued("fork1", "2026-11-29T18:35:32.576Z"), first("fork1")));
    write(join(d, "fork2.jsonl"), jsonl(queued("fork2", "2026-11-29T19:00:00.000Z"), first("fork2")));
    write(join(d, "other.jsonl"), jsonl(queued("other", "2026-11-29T18:00:00.000Z"), { ...first("other"), uuid: "u-other" }));
    const pairs = claudeLineage({ ...place, dir: copyDir });
    assert.ok(pairs);
    assert.deepEqual(pairs.map((q) => `${q.id}<${q.parent}`).sort(), ["fork1<orig", "fork2<orig"]);
    assert.equal(countDescendants(pairs, "orig"), 2);
    assert.equal(countDescendants(pairs, "fork1"), 0);
  });

  it("a missing config or project directory is unknown (null)", () => {
    assert.equal(claudeLineage({ ...place, dir: "/home/me/never-used" }), null);
    assert.equal(claudeLineage({ ...place, env: { CLAUDE_CONFIG_DIR: join(tmp, "no-claude") } }), null);
  });

  it("a project directory with more transcripts than the limit is unknown (null)", () => {
    const crowded = "/home/me/crowded";
    const d = join(config, "projects", claudeProjectName(crowded));
    mkdirSync(d, { recursive: true });
    for (let i = 0; i <= LINEAGE_SCAN_LIMIT; i++) writeFileSync(join(d, `${i}.jsonl`), "");
    assert.equal(claudeLineage({ ...place, dir: crowded }), null);
  });

  const session = (extra: Partial<BranchSubject> = {}): BranchSubject => ({ backend: "claude", account: "", dir, id: "x", startedAt: null, ...extra });
  const withAccount: Config = { ...DEFAULT_CONFIG, backends: { claude: { args: [], accounts: { work: { name: "work", home: config, pool: undefined, properties: {} } } } } };
  const elsewhere = { CLAUDE_CONFIG_DIR: join(tmp, "no-claude") };

  it("branchCount reads the account's home for a session under an account, else CLAUDE_CONFIG_DIR", () => {
    assert.equal(branchCount(withAccount, session({ account: "work" }), elsewhere), 2);
    assert.equal(branchCount(withAccount, session(), elsewhere), null);
    assert.equal(branchCount(DEFAULT_CONFIG, session(), { CLAUDE_CONFIG_DIR: config }), 2);
    assert.equal(branchCount(DEFAULT_CONFIG, session({ id: "f1" }), { CLAUDE_CONFIG_DIR: config }), 1);
    assert.equal(branchCount(DEFAULT_CONFIG, session({ id: "f2" }), { CLAUDE_CONFIG_DIR: config }), 0);
  });

  it("branchCount cannot tell without a native id or for a backend without lineage", () => {
    assert.equal(branchCount(DEFAULT_CONFIG, session({ id: "" }), { CLAUDE_CONFIG_DIR: config }), null);
    assert.equal(branchCount(DEFAULT_CONFIG, session({ backend: "generic" }), { CLAUDE_CONFIG_DIR: config }), null);
  });
});

describe("Codex lineage (rollouts in dated directories)", () => {
  const home = join(tmp, "codex");
  const dir = "/home/me/src/app";
  const start = Date.parse("2026-03-10T12:00:00Z");
  const rollout = (day: string, id: string, payload: Record<string, unknown>) =>
    write(join(home, "sessions", ...day.split("-"), `rollout-${day}T12-00-00-${id}.jsonl`),
      jsonl({ timestamp: `${day}T12:00:00Z`, type: "session_meta", payload: { id, timestamp: `${day}T12:00:00Z`, cwd: dir, originator: "codex_cli_rs", cli_version: "0.171.0", source: "cli", ...payload } }, { type: "turn_context" }));
  rollout("2026-03-10", "x", {});
  rollout("2026-03-10", "fork", { forked_from_id: "x", instructions: "i".repeat(100_000) });
  rollout("2026-03-11", "other-cwd", { forked_from_id: "x", cwd: "/home/me/src/other" });
  rollout("2026-03-11", "subagent", { forked_from_id: "x", source: { subagent: { thread_spawn: { parent_thread_id: "x", depth: 1 } } } });
  rollout("2026-03-08", "old", { forked_from_id: "x" });
  write(join(home, "sessions", "2026", "03", "10", "rollout-corrupt.jsonl"), "{\"type\":\"session_meta\",");
  const env = { CODEX_HOME: home };

  it("counts a fork in the same directory; not another directory's, a subagent thread, or one before the start (1)", () => {
    const pairs = codexLineage({ dir, since: start, env });
    assert.ok(pairs);
    assert.deepEqual(pairs, [{ id: "fork", parent: "x" }]);
    assert.equal(branchCount(DEFAULT_CONFIG, { backend: "codex", account: "", dir, id: "x", startedAt: start }, env), 1);
  });

  it("is bounded by the start date: without one, the older day is read too", () => {
    const pairs = codexLineage({ dir, since: null, env });
    assert.equal(pairs && countDescendants(pairs, "x"), 2);
  });

  it("reads the day before the start (time zones) and counts forks of forks", () => {
    const tz = join(tmp, "codex-tz");
    const at = (day: string, id: string, parent: string) =>
      write(join(tz, "sessions", ...day.split("-"), `rollout-${id}.jsonl`), jsonl({ type: "session_meta", payload: { id, cwd: dir, source: "exec", forked_from_id: parent } }));
    at("2026-03-09", "early", "x");
    at("2026-03-12", "grandchild", "early");
    at("2026-03-07", "too-early", "x");
    assert.equal(branchCount(DEFAULT_CONFIG, { backend: "codex", account: "", dir, id: "x", startedAt: Date.parse("2026-03-10T00:30:00Z") }, { CODEX_HOME: tz }), 2);
  });

  it("a missing sessions directory is unknown (null)", () => {
    assert.equal(codexLineage({ dir, since: start, env: { CODEX_HOME: join(tmp, "no-codex") } }), null);
    assert.equal(branchCount(DEFAULT_CONFIG, { backend: "codex", account: "", dir, id: "x", startedAt: start }, { CODEX_HOME: join(tmp, "no-codex") }), null);
  });
});
