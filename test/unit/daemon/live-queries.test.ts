import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { agentsLiveReport } from "../../../src/backends/claude/agents.ts";
import { claudeLiveAgrees } from "../../../src/backends/claude/live.ts";
import type { Backend, LiveQueryResult, LiveStatus } from "../../../src/backends/shared/types.ts";
import type { LiveWord } from "../../../src/core/evidence.ts";
import { LiveQueries, QUERY_MAX_AGE_MS } from "../../../src/daemon/live-queries.ts";
import { trackedFromPane, type Tracked } from "../../../src/daemon/tracked.ts";
import type { PaneRecord } from "../../../src/tmux/formats.ts";

const session = (pane: string, id: string, pid: number): Tracked => {
  const t = trackedFromPane({ pane, backend: "claude", dir: "/r", id, pid: String(pid), state: "idle" } as unknown as PaneRecord);
  return t;
};

function fixture(reports: Map<string, LiveStatus> | null, liveAgrees?: (state: string, live: LiveStatus) => boolean) {
  const queries: string[] = [];
  const words: Array<[string, Omit<LiveWord, "since">]> = [];
  const lines: string[] = [];
  let clock = 0;
  const backend = {
    label: "Claude Code",
    liveConfigDir: (pid: number) => (pid < 200 ? "/cfg/a" : "/cfg/b"),
    queryLive: (dir: string): Promise<LiveQueryResult> => {
      queries.push(dir);
      return Promise.resolve(reports ? { ok: true, startedAt: clock, sessions: reports } : { ok: false, startedAt: clock, error: "claude: not found" });
    },
    liveReport: (r: LiveQueryResult | undefined, id: string | undefined, last: number) => agentsLiveReport(r, id, last),
    ...(liveAgrees ? { liveAgrees } : {}),
  } as unknown as Backend;
  const q = new LiveQueries(async (t, w) => { words.push([t.pane, w]); }, (l) => lines.push(l), () => backend);
  return { q, queries, words, lines, reports, at: (ms: number) => { clock = ms; return ms; } };
}

describe("claude agents --json as the live channel", () => {
  it("one query per config directory; each listed session's report goes to the table, dated by the query's start", async () => {
    const f = fixture(new Map([["s1", { status: "waiting", waitingFor: "permission prompt" }], ["s2", { status: "busy" }]]));
    const a = session("%12", "s1", 100);
    const b = session("%13", "s2", 150);
    const c = session("%14", "s3", 300);
    await f.q.tick([a, b, c], f.at(100_000));
    assert.deepEqual(f.queries.sort(), ["/cfg/a", "/cfg/b"]);
    assert.deepEqual(f.words.map(([p, w]) => [p, w.status, w.waitingFor, w.at]), [["%12", "waiting", "permission prompt", 100_000], ["%13", "busy", undefined, 100_000]]);
    assert.match(f.lines.join("\n"), /%14: .*does not list session s3: unknown/);
  });
  it("not asked again until the result is old or a session event's settle time has passed", async () => {
    const f = fixture(new Map([["s1", { status: "idle" }]]));
    const a = session("%12", "s1", 100);
    await f.q.tick([a], f.at(100_000));
    await f.q.tick([a], f.at(105_000));
    assert.equal(f.queries.length, 1, "fresh enough");
    a.channels = { ...a.channels, input: { kind: "submit", at: 106_000 } };
    await f.q.tick([a], f.at(107_000));
    assert.equal(f.queries.length, 1, "a session event: its settle time first");
    await f.q.tick([a], f.at(108_500));
    assert.equal(f.queries.length, 2, "asked again after the settle time");
    await f.q.tick([a], f.at(108_500 + QUERY_MAX_AGE_MS));
    assert.equal(f.queries.length, 3, "and when the result is old");
  });
  it("a query begun too soon after the session's last event is stale: nothing is handed on", async () => {
    const f = fixture(new Map([["s1", { status: "idle" }]]));
    const a = session("%12", "s1", 100);
    a.channels = { ...a.channels, hook: { event: "UserPromptSubmit", at: 99_500 } };
    await f.q.tick([a], f.at(100_000));
    assert.deepEqual(f.words, []);
  });
  it("a failed query: unknown for its sessions, said once", async () => {
    const f = fixture(null);
    const a = session("%12", "s1", 100);
    await f.q.tick([a], f.at(100_000));
    await f.q.tick([a], f.at(100_000 + QUERY_MAX_AGE_MS));
    assert.deepEqual(f.words, []);
    assert.equal(f.lines.filter((l) => /failed: claude: not found/.test(l)).length, 1);
  });
  it("each disagreement between the report and the state the hooks made is logged once, again only after they agreed", async () => {
    const reports = new Map<string, LiveStatus>([["s1", { status: "busy" }], ["s2", { status: "busy" }]]);
    const f = fixture(reports, claudeLiveAgrees);
    const a = session("%12", "s1", 100);
    const unhooked = session("%13", "s2", 150);
    a.machine = { ...a.machine, state: "waiting", hooked: true };
    const disagreements = () => f.lines.filter((l) => /hooks say/.test(l));
    let now = 100_000;
    const tick = async () => { now += QUERY_MAX_AGE_MS; await f.q.tick([a, unhooked], f.at(now)); };
    await tick();
    await tick();
    assert.deepEqual(disagreements(), ["%12: hooks say waiting, Claude Code's agents report says busy"], "once while it lasts; a session without hooks has none to disagree with");
    assert.equal(f.words.filter(([p]) => p === "%12").length, 2, "the report still goes to the table");
    a.machine = { ...a.machine, state: "working" };
    await tick();
    a.machine = { ...a.machine, state: "waiting" };
    await tick();
    assert.equal(disagreements().length, 2, "a new episode after they agreed");
    reports.set("s1", { status: "waiting", waitingFor: "permission prompt" });
    await tick();
    assert.equal(disagreements().at(-1), "%12: hooks say waiting, Claude Code's agents report says waiting (permission prompt)");
  });
  it("a backend that cannot tell agreement logs no disagreement", async () => {
    const f = fixture(new Map([["s1", { status: "busy" }]]));
    const a = session("%12", "s1", 100);
    a.machine = { ...a.machine, state: "waiting", hooked: true };
    await f.q.tick([a], f.at(100_000));
    assert.deepEqual(f.lines.filter((l) => /hooks say/.test(l)), []);
  });
});
