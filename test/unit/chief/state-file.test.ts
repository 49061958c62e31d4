import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendEntry, readStateText, stateContext, withEntry } from "../../../src/chief/state-file.ts";

describe("the chief's state file", () => {
  it("only today's plan is current; older plans are history; Org headings are read too", () => {
    const text = "## Plan 2026-12-05\n\nwrite the report\n\n## Note 2026-12-05 18:00\n\nAna is away\n\n## Plan 2026-12-06\n\nship it\n\n* Plan 2026-12-04\n\nold org plan";
    const shown = stateContext(text, "2026-12-06", 10_000);
    assert.match(shown, /## Plan 2026-12-06 {3}\[today's plan: current\]/);
    assert.match(shown, /## Plan 2026-12-05 {3}\[an earlier day's plan: history/);
    assert.match(shown, /\* Plan 2026-12-04 {3}\[an earlier day's plan: history/);
    assert.match(shown, /Ana is away/);
  });

  it("truncated to the last maxChars from a whole line, said so", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const shown = stateContext(text, "2026-12-06", 50);
    assert.match(shown, /^\[the state file's older part is left out\]\n/);
    assert.match(shown, /line 99$/);
    assert.ok(!shown.includes("line 1\n"));
    assert.ok(shown.length <= 50 + 45);
  });

  it("entries are appended whole (mode kept); a missing file is empty; a FIFO or a device is refused", () => {
    const dir = mkdtempSync(join(tmpdir(), "chief-state-"));
    try {
      const file = join(dir, "chief \"state\" #1.md");
      assert.equal(readStateText(file), "");
      appendEntry(file, "plan", "ship it\n\n", new Date(2026, 11, 6, 9, 5));
      assert.equal(statSync(file).mode & 0o777, 0o600);
      chmodSync(file, 0o640);
      appendEntry(file, "note", "Ana moved the call", new Date(2026, 11, 6, 14, 30));
      assert.equal(readFileSync(file, "utf8"), "## Plan 2026-12-06\n\nship it\n\n## Note 2026-12-06 14:30\n\nAna moved the call\n");
      assert.equal(statSync(file).mode & 0o777, 0o640);
      const org = join(dir, "chief.org");
      writeFileSync(org, "* Plan 2026-12-05\n");
      appendEntry(org, "model", "invoice pending", new Date(2026, 11, 6, 10, 0));
      assert.equal(readFileSync(org, "utf8"), "* Plan 2026-12-05\n\n* Model update 2026-12-06 10:00\n\ninvoice pending\n");
      const fifo = join(dir, "fifo.md");
      execFileSync("mkfifo", [fifo]);
      assert.throws(() => readStateText(fifo), /is a FIFO, not a regular file/);
      assert.throws(() => readStateText("/dev/zero"), /not a regular file/);
      assert.equal(withEntry("", "## Note", "x"), "## Note\n\nx\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
