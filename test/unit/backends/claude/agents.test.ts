import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { agentsLiveReport, ClaudeAgentsQuery, parseClaudeAgents, type RunFile } from "../../../../src/backends/claude/agents.ts";
import type { LiveQueryResult } from "../../../../src/backends/shared/types.ts";

// `claude agents --json` of Claude Code 2.1.197, captured with sessions running against a fake model server.
const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "real", "claude-agents");
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.json`), "utf8");

describe("parseClaudeAgents: the real output of claude agents --json", () => {
  const rows: Array<[string, Record<string, { status: string; waitingFor?: string }>]> = [
    ["none", {}],
    ["idle", { "35e0e6a0-63c5-4e48-a4ca-2c0af4c8e248": { status: "idle" } }],
    ["busy", { "35e0e6a0-63c5-4e48-a4ca-2c0af4c8e248": { status: "busy" } }],
    ["waiting-permission", { "35e0e6a0-63c5-4e48-a4ca-2c0af4c8e248": { status: "waiting", waitingFor: "permission prompt" } }],
    ["two-sessions", { "35e0e6a0-63c5-4e48-a4ca-2c0af4c8e248": { status: "waiting", waitingFor: "permission prompt" }, "b26d960a-2d3a-4af1-893d-923511313913": { status: "idle" } }],
  ];
  for (const [name, expected] of rows) {
    it(`${name}.json`, () => {
      const parsed = parseClaudeAgents(fixture(name));
      assert.ok(parsed);
      const plain = Object.fromEntries([...parsed].map(([id, live]) => [id, { status: live.status, ...(live.waitingFor ? { waitingFor: live.waitingFor } : {}) }]));
      assert.deepEqual(plain, expected);
      for (const [id, live] of parsed) assert.equal(live.sessionId, id);
    });
  }
  it("is null for output that is not a list, and skips entries without an id or a status", () => {
    assert.equal(parseClaudeAgents("Error: not logged in"), null);
    assert.equal(parseClaudeAgents('{"sessions": []}'), null);
    assert.deepEqual([...(parseClaudeAgents('[{"status": "idle"}, {"sessionId": "s"}, null, {"sessionId": "t", "status": "busy"}]') ?? [])].map(([id]) => id), ["t"]);
  });
});

describe("agentsLiveReport: a result is stale until the settle time after the session's last event, unknown when it says nothing", () => {
  const sessions = new Map([["s1", { status: "busy", sessionId: "s1" }]]);
  const ok = (startedAt: number): LiveQueryResult => ({ ok: true, startedAt, sessions });
  const failed: LiveQueryResult = { ok: false, startedAt: 50_000, error: "claude: not found" };
  const rows: Array<[string, LiveQueryResult | undefined, string | undefined, number, unknown]> = [
    ["no query yet", undefined, "s1", 0, "unknown"],
    ["the query failed", failed, "s1", 0, "unknown"],
    ["listed, begun long after the last event", ok(10_000), "s1", 1_000, { status: "busy", sessionId: "s1" }],
    ["listed, begun exactly the settle time after it", ok(3_000), "s1", 1_000, { status: "busy", sessionId: "s1" }],
    ["listed, begun within the settle time", ok(2_999), "s1", 1_000, "stale"],
    ["listed, begun before the last event", ok(500), "s1", 1_000, "stale"],
    ["not listed", ok(10_000), "s2", 1_000, "unknown"],
    ["not listed, but stale anyway", ok(1_500), "s2", 1_000, "stale"],
    ["the session's id is not known yet", ok(10_000), undefined, 1_000, "unknown"],
  ];
  for (const [name, result, id, lastEventAt, expected] of rows) {
    it(name, () => assert.deepEqual(agentsLiveReport(result, id, lastEventAt, 2_000), expected));
  }
});

function deferredRun() {
  const calls: Array<{ program: string; args: readonly string[]; configDir: string | undefined; resolve: (out: string) => void; reject: (e: Error) => void }> = [];
  const run: RunFile = (program, args, options) => new Promise((resolve, reject) => {
    calls.push({ program, args, configDir: options.env["CLAUDE_CONFIG_DIR"], resolve, reject });
  });
  return { run, calls };
}

describe("ClaudeAgentsQuery: one background query per config directory", () => {
  it("runs `claude agents --json` with the directory as CLAUDE_CONFIG_DIR and keys the result by session id", async () => {
    const { run, calls } = deferredRun();
    const q = new ClaudeAgentsQuery({ program: "/opt/claude", run, clock: () => 42, env: { HOME: "/home/u" } });
    const pending = q.query("/home/u/.claude");
    assert.deepEqual([calls[0]?.program, calls[0]?.args, calls[0]?.configDir], ["/opt/claude", ["agents", "--json"], "/home/u/.claude"]);
    calls[0]?.resolve(fixture("waiting-permission"));
    const result = await pending;
    assert.ok(result.ok);
    assert.equal(result.startedAt, 42);
    assert.equal(result.sessions.get("35e0e6a0-63c5-4e48-a4ca-2c0af4c8e248")?.waitingFor, "permission prompt");
    assert.equal(q.latest("/home/u/.claude"), result);
  });

  it("never has two queries in flight for one directory; other directories run beside it", async () => {
    const { run, calls } = deferredRun();
    let now = 1;
    const q = new ClaudeAgentsQuery({ run, clock: () => now++ });
    const first = q.query("/a");
    const again = q.query("/a");
    const other = q.query("/b");
    assert.equal(again, first);
    assert.deepEqual(calls.map((c) => c.configDir), ["/a", "/b"]);
    assert.ok(q.inFlight("/a"));
    calls[0]?.resolve("[]");
    await first;
    assert.ok(!q.inFlight("/a"));
    const next = q.query("/a");
    assert.notEqual(next, first);
    assert.deepEqual(calls.map((c) => c.configDir), ["/a", "/b", "/a"]);
    calls[1]?.resolve("[]");
    calls[2]?.resolve("[]");
    assert.ok((await next).startedAt > (await first).startedAt);
    await other;
  });

  it("a query that cannot start, fails or prints no list is a failed result (so every session is unknown)", async () => {
    const missing = new ClaudeAgentsQuery({ program: "/nonexistent/claude-agentmux-test" });
    const result = await missing.query("/tmp/x");
    assert.equal(result.ok, false);
    assert.match(result.ok ? "" : result.error, /claude-agentmux-test/);
    const { run, calls } = deferredRun();
    const q = new ClaudeAgentsQuery({ run });
    const garbled = q.query("/c");
    calls[0]?.resolve("Not logged in\n");
    const g = await garbled;
    assert.equal(g.ok, false);
    assert.equal(agentsLiveReport(g, "s1", 0), "unknown");
  });
});
