import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeLineage, claudeProjectName } from "../../../../src/backends/claude/lineage.ts";
import { LINEAGE_SCAN_LIMIT } from "../../../../src/backends/shared/lineage-scan.ts";
import { DEFAULT_CONFIG, type Config } from "../../../../src/config/config.ts";
import { branchCount, countDescendants, type BranchSubject } from "../../../../src/branch/branches.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-branches-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
};

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
