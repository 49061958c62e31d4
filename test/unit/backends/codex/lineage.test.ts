import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexLineage } from "../../../../src/backends/codex/lineage.ts";
import { DEFAULT_CONFIG } from "../../../../src/config/config.ts";
import { branchCount, countDescendants } from "../../../../src/branch/branches.ts";

const tmp = mkdtempSync(join(tmpdir(), "agentmux-branches-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
};

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
