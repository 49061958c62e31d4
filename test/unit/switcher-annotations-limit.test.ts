import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RosterEntry } from "../../src/session/roster.ts";
import { annotate } from "../../src/switcher/annotations.ts";
import { LIMITS } from "../../src/util/limit.ts";
import { shQuote } from "../../src/util/sh.ts";

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
