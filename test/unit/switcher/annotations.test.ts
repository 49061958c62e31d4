import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RosterEntry } from "../../../src/session/roster.ts";
import { annotate, firstAnswer } from "../../../src/switcher/annotations.ts";
import { LIMITS } from "../../../src/util/limit.ts";
import { shQuote } from "../../../src/util/sh.ts";

describe("annotation commands", () => {
  it(`run at most LIMITS.annotations (${LIMITS.annotations}) at once, and every session gets its answer`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "agentmux-annotate-"));
    try {
      const running = join(dir, "running");
      const counts = join(dir, "counts");
      // Each run marks itself in running/, writes how many are marked, holds a moment, unmarks.
      const command = `mkdir -p ${shQuote(running)} && mkdir ${shQuote(running)}/"$1" && ls ${shQuote(running)} | wc -l >> ${shQuote(counts)}; sleep 0.2; rmdir ${shQuote(running)}/"$1"; echo "note $1"`;
      const entries = Array.from({ length: 12 }, (_, i) => ({ pane: `p${i}`, name: `s${i}`, dir, id: "", backend: "generic", account: "", state: "idle" }) as unknown as RosterEntry);
      const found = await annotate(entries, [command], 10_000);
      assert.deepEqual([...found.entries()].sort(), entries.map((e) => [e.pane, `note ${e.pane}`]).sort());
      const most = Math.max(...readFileSync(counts, "utf8").trim().split("\n").map(Number));
      assert.ok(most >= 1 && most <= LIMITS.annotations, `at most ${LIMITS.annotations} at once, saw ${most}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("annotation answers", () => {
  const rows: Array<[Array<string | null>, string]> = [
    [["first", "second"], "first"], [[null, "  ", "second"], "second"], [["  multi\n line\tanswer  "], "multi line answer"],
    [[null, null], ""], [[], ""],
  ];
  for (const [answers, expected] of rows) it(`${JSON.stringify(answers)} → ${JSON.stringify(expected)}`, () => assert.equal(firstAnswer(answers), expected));
});

describe("the stats line", () => {
  it("statsLine takes the first non-empty line, trimmed; a failing command gives nothing", async () => {
    const { statsLine } = await import("../../../src/switcher/annotations.ts");
    const entry = { pane: "%7", name: "api", dir: "/", id: "", backend: "claude", account: "", state: "idle" } as never;
    assert.equal(await statsLine('printf "\\n  cost 1.25  \\nmore\\n"', entry), "cost 1.25");
    assert.equal(await statsLine('echo "$AGENTMUX_SESSION"', entry), "%7");
    assert.equal(await statsLine("exit 3", entry), "");
  });
});
